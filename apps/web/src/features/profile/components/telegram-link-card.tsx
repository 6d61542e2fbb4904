import { BOTS_API, type BotLink } from '@tally/contracts';
import { Button, Card, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/formatters';
import { addMessages } from '../../../lib/messages';
import { call } from '../../../lib/request';

const en = {
  telegramLink: {
    title: 'Telegram',
    intro: 'Link your Telegram account to use /stats in a private chat and /bind in groups.',
    get: 'Get a link',
    open: 'Open in Telegram',
    expires: 'Valid once, until {{time}}',
  },
};
const zh: typeof en = {
  telegramLink: {
    title: 'Telegram',
    intro: '绑定 Telegram 账号后，可在私聊中使用 /stats，并在群组中使用 /bind。',
    get: '获取绑定链接',
    open: '在 Telegram 中打开',
    expires: '仅可使用一次，有效期至 {{time}}',
  },
};
addMessages({ en, zh });

/** The profile's one-time /start deep link that links a Telegram account to this user. */
export function TelegramLinkCard() {
  const { t } = useTranslation();
  const [link, setLink] = useState<BotLink | null>(null);
  const [loading, setLoading] = useState(false);
  const get = () => {
    setLoading(true);
    call(BOTS_API.link)
      .then(setLink, () => undefined)
      .finally(() => setLoading(false));
  };
  return (
    <Card title={t('telegramLink.title')} data-testid="telegram-link">
      <Typography.Paragraph>{t('telegramLink.intro')}</Typography.Paragraph>
      {link ? (
        <>
          <Input readOnly value={link.url} data-testid="telegram-link-url" />
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            {t('telegramLink.expires', { time: formatDate(link.expires_at) })}
          </Typography.Paragraph>
          <Button type="primary" href={link.url} target="_blank" rel="noreferrer">
            {t('telegramLink.open')}
          </Button>
        </>
      ) : (
        <Button onClick={get} loading={loading} data-testid="telegram-link-get">
          {t('telegramLink.get')}
        </Button>
      )}
    </Card>
  );
}
