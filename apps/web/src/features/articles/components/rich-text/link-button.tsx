import { LinkOutlined } from '@ant-design/icons';
import { isSafeLink } from '@tally/contracts';
import type { Editor } from '@tiptap/react';
import { Button, Input, Popover, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets, changes or (when emptied) removes the link on the selection. */
export function LinkButton({ editor, active }: { editor: Editor; active: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [href, setHref] = useState('');
  const valid = href.trim() === '' || isSafeLink(href.trim());
  const apply = () => {
    const value = href.trim();
    const chain = editor.chain().focus().extendMarkRange('link');
    if (value === '') chain.unsetLink().run();
    else chain.setLink({ href: value }).run();
    setOpen(false);
  };
  return (
    <Popover
      open={open}
      trigger="click"
      onOpenChange={(next) => {
        if (next) setHref((editor.getAttributes('link').href as string | undefined) ?? '');
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
            onPressEnter={() => valid && apply()}
          />
          <Button type="primary" disabled={!valid} onClick={apply}>
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
        />
      </Tooltip>
    </Popover>
  );
}
