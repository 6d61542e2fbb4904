import './public-contacts.css';
import { MailOutlined, MessageOutlined, TeamOutlined } from '@ant-design/icons';
import { Empty } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { safeHref } from '../lib/safe-url';
import { useUserStore } from '../stores/user';

interface Contact {
  key: string;
  icon: ReactNode;
  label: string;
  text: string;
  href: string | null;
}

/** Customer-service link, community group and email from the public settings. */
export function PublicContacts() {
  const { t } = useTranslation();
  const { kefu_link, group_link, email } = useUserStore((s) => s.set);
  const contacts: Contact[] = [
    {
      key: 'kefu',
      icon: <MessageOutlined />,
      label: t('publicSite.kefu'),
      text: kefu_link,
      href: safeHref(kefu_link),
    },
    {
      key: 'group',
      icon: <TeamOutlined />,
      label: t('publicSite.group'),
      text: group_link,
      href: safeHref(group_link),
    },
    {
      key: 'email',
      icon: <MailOutlined />,
      label: t('publicSite.email'),
      text: email,
      href: /^[^\s@]+@[^\s@]+$/.test(email) ? `mailto:${email}` : null,
    },
  ].filter((c) => c.text.trim() !== '');
  if (contacts.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('publicSite.noContact')} />;
  }
  return (
    <ul className="public-contacts" data-testid="public-contacts">
      {contacts.map((c) => (
        <li key={c.key}>
          <span className="public-contact-label">
            {c.icon} {c.label}
          </span>
          {c.href ? (
            <a href={c.href} target="_blank" rel="noopener noreferrer" className="break-all">
              {c.text}
            </a>
          ) : (
            <span className="break-all">{c.text}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
