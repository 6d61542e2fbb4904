import { LinkOutlined } from '@ant-design/icons';
import { isSafeLink } from '@tally/contracts';
import { Button, Input, Popover, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  active: boolean;
  /** The address of the link at the selection, '' when there is none. */
  current(): string;
  /** Sets or changes the link on the selection; '' removes it. */
  apply(href: string): void;
}

/** Sets, changes or (when emptied) removes the link on the selection. */
export function LinkButton({ active, current, apply }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [href, setHref] = useState('');
  const valid = href.trim() === '' || isSafeLink(href.trim());
  const submit = () => {
    setOpen(false);
    apply(href.trim());
  };
  return (
    <Popover
      open={open}
      trigger="click"
      onOpenChange={(next) => {
        if (next) setHref(current());
        setOpen(next);
      }}
      content={
        <Space.Compact className="link-popover">
          <Input
            autoFocus
            value={href}
            status={valid ? undefined : 'error'}
            placeholder="https://"
            aria-label={t('content.editor.linkPrompt')}
            onChange={(event) => setHref(event.target.value)}
            onPressEnter={(event) => {
              // Focus goes back to the editor at once: the Enter must not land there as a new line.
              event.preventDefault();
              if (valid) submit();
            }}
          />
          <Button type="primary" disabled={!valid} onClick={submit}>
            OK
          </Button>
        </Space.Compact>
      }
      title={t('content.editor.linkPrompt')}
    >
      <Tooltip title={t('content.editor.link')}>
        <Button
          type={active ? 'primary' : 'text'}
          size="small"
          icon={<LinkOutlined />}
          aria-label={t('content.editor.link')}
          aria-pressed={active}
          // The editor keeps its selection (and focus) while the toolbar is clicked.
          onMouseDown={(event) => event.preventDefault()}
        />
      </Tooltip>
    </Popover>
  );
}
