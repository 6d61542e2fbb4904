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
import { type Editor, useEditorState } from '@tiptap/react';
import { Button, Divider, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from './link-button';

interface Tool {
  key: string;
  icon: ReactNode;
  run(editor: Editor): void;
  /** Mark or node whose presence lights the button. */
  active?: [string, Record<string, unknown>?];
}

const text = (label: string) => <span className="editor-tool-text">{label}</span>;

const TOOLS: Tool[][] = [
  [
    {
      key: 'bold',
      icon: <BoldOutlined />,
      run: (e) => e.chain().focus().toggleBold().run(),
      active: ['bold'],
    },
    {
      key: 'italic',
      icon: <ItalicOutlined />,
      run: (e) => e.chain().focus().toggleItalic().run(),
      active: ['italic'],
    },
    {
      key: 'underline',
      icon: <UnderlineOutlined />,
      run: (e) => e.chain().focus().toggleUnderline().run(),
      active: ['underline'],
    },
    {
      key: 'strike',
      icon: <StrikethroughOutlined />,
      run: (e) => e.chain().focus().toggleStrike().run(),
      active: ['strike'],
    },
  ],
  [
    {
      key: 'heading2',
      icon: text('H2'),
      run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
      active: ['heading', { level: 2 }],
    },
    {
      key: 'heading3',
      icon: text('H3'),
      run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
      active: ['heading', { level: 3 }],
    },
    {
      key: 'bulletList',
      icon: <UnorderedListOutlined />,
      run: (e) => e.chain().focus().toggleBulletList().run(),
      active: ['bulletList'],
    },
    {
      key: 'orderedList',
      icon: <OrderedListOutlined />,
      run: (e) => e.chain().focus().toggleOrderedList().run(),
      active: ['orderedList'],
    },
    {
      key: 'blockquote',
      icon: text('❝'),
      run: (e) => e.chain().focus().toggleBlockquote().run(),
      active: ['blockquote'],
    },
    {
      key: 'codeBlock',
      icon: <CodeOutlined />,
      run: (e) => e.chain().focus().toggleCodeBlock().run(),
      active: ['codeBlock'],
    },
    { key: 'rule', icon: <LineOutlined />, run: (e) => e.chain().focus().setHorizontalRule().run() },
  ],
  [
    { key: 'undo', icon: <UndoOutlined />, run: (e) => e.chain().focus().undo().run() },
    { key: 'redo', icon: <RedoOutlined />, run: (e) => e.chain().focus().redo().run() },
  ],
];

interface Props {
  editor: Editor;
  onImage(): void;
}

/** Formatting buttons; wraps onto several rows on a phone. */
export function EditorToolbar({ editor, onImage }: Props) {
  const { t } = useTranslation();
  const active = useEditorState({
    editor,
    selector: ({ editor: e }): Record<string, boolean> => ({
      ...Object.fromEntries(
        TOOLS.flat()
          .filter((tool) => tool.active)
          .map((tool) => [tool.key, e.isActive(...tool.active!)]),
      ),
      link: e.isActive('link'),
    }),
  });
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
                aria-pressed={tool.active ? Boolean(active[tool.key]) : undefined}
                onClick={() => tool.run(editor)}
              />
            </Tooltip>
          ))}
        </span>
      ))}
      <Divider orientation="vertical" />
      <LinkButton editor={editor} active={Boolean(active.link)} />
      <Tooltip title={t('content.editor.image')}>
        <Button
          type="text"
          size="small"
          icon={<PictureOutlined />}
          aria-label={t('content.editor.image')}
          onClick={onImage}
          data-testid="editor-image"
        />
      </Tooltip>
    </div>
  );
}
