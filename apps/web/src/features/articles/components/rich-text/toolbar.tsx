import {
  BoldOutlined,
  CodeOutlined,
  ItalicOutlined,
  LineOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Button, Divider, Tooltip } from 'antd';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActiveState, ToolKey } from './editor-commands';
import { LinkButton } from './link-button';

interface Tool {
  key: ToolKey;
  icon: ReactNode;
  /** A state the selection can be in (bold, in a list…): the button shows it. */
  toggles?: boolean;
}

const text = (label: string) => <span className="editor-tool-text">{label}</span>;

const TOOLS: Tool[][] = [
  [
    {
      key: 'bold',
      icon: <BoldOutlined />,
      toggles: true,
    },
    {
      key: 'italic',
      icon: <ItalicOutlined />,
      toggles: true,
    },
    {
      key: 'underline',
      icon: <UnderlineOutlined />,
      toggles: true,
    },
    {
      key: 'strike',
      icon: <StrikethroughOutlined />,
      toggles: true,
    },
  ],
  [
    {
      key: 'heading2',
      icon: text('H2'),
      toggles: true,
    },
    {
      key: 'heading3',
      icon: text('H3'),
      toggles: true,
    },
    {
      key: 'bulletList',
      icon: <UnorderedListOutlined />,
      toggles: true,
    },
    {
      key: 'orderedList',
      icon: <OrderedListOutlined />,
      toggles: true,
    },
    {
      key: 'blockquote',
      icon: text('❝'),
      toggles: true,
    },
    {
      key: 'codeBlock',
      icon: <CodeOutlined />,
      toggles: true,
    },
    { key: 'rule', icon: <LineOutlined /> },
  ],
  [
    { key: 'undo', icon: <UndoOutlined /> },
    { key: 'redo', icon: <RedoOutlined /> },
  ],
];

interface Props {
  active: ActiveState;
  onRun(key: ToolKey): void;
  onImage(): void;
  /** The address of the link at the selection ('' for none). */
  linkAt(): string;
  onLink(href: string): void;
}

/** The editor keeps its selection (and focus) while the toolbar is clicked. */
const keepSelection = (event: MouseEvent) => event.preventDefault();

/** Formatting buttons; wraps onto several rows on a phone. */
export function EditorToolbar({ active, onRun, onImage, linkAt, onLink }: Props) {
  const { t } = useTranslation();
  return (
    <div className="editor-toolbar" role="toolbar" aria-label={t('content.form.content')}>
      {TOOLS.map((group, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed groups
        <span key={index} className="editor-tool-group">
          {index > 0 && <Divider orientation="vertical" />}
          {group.map((tool) => (
            <Tooltip key={tool.key} title={t(`content.editor.${tool.key}`)}>
              <Button
                type={active[tool.key] ? 'primary' : 'text'}
                size="small"
                icon={tool.icon}
                aria-label={t(`content.editor.${tool.key}`)}
                aria-pressed={tool.toggles ? Boolean(active[tool.key]) : undefined}
                onMouseDown={keepSelection}
                onClick={() => onRun(tool.key)}
              />
            </Tooltip>
          ))}
        </span>
      ))}
      <Divider orientation="vertical" />
      <LinkButton active={Boolean(active.link)} current={linkAt} apply={onLink} />
      <Tooltip title={t('content.editor.image')}>
        <Button
          type="text"
          size="small"
          icon={<PictureOutlined />}
          aria-label={t('content.editor.image')}
          onMouseDown={keepSelection}
          onClick={onImage}
          data-testid="editor-image"
        />
      </Tooltip>
    </div>
  );
}
