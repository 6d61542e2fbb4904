import { CustomerServiceOutlined } from '@ant-design/icons';
import { TICKET_API } from '@tally/contracts';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { canCall } from '../lib/access';
import { call } from '../lib/request';
import { useAppStore } from '../stores/app';
import { useUserStore } from '../stores/user';

/** How often the top bar asks for new support replies while the page stays open. */
const POLL_MS = 60_000;

/**
 * The seed's msgNum: unread support replies, as a badge that leads to 工单支持. user/info gives the
 * first figure; a poll (and the return to the tab) keeps it fresh, and opening a ticket sets it at
 * once. A share-link client has no tickets, so no badge (nor the call, which it may not make).
 */
export function MessageBadge() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Roles are empty until user info has arrived: /redirect/* is a public route inside the layout, so
  // a share-link client reloading there renders the navbar before anyone knows it has no tickets.
  const mayRead = useUserStore((s) => s.is_client !== 1 && canCall(TICKET_API.unread, s.roles));
  const count = useAppStore((s) => s.msgNum);
  useQuery({
    queryKey: ['tickets-unread'],
    enabled: mayRead,
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: true,
    queryFn: async () => {
      const { count: unread } = await call(TICKET_API.unread);
      useAppStore.getState().setMsgNum(unread);
      return unread;
    },
  });
  if (!mayRead) return null;
  return (
    <Badge count={count} size="small" offset={[-4, 4]} data-testid="msg-badge">
      <Button
        type="text"
        icon={<CustomerServiceOutlined />}
        aria-label={count > 0 ? `${t('navbar.messages')}: ${count}` : t('navbar.messages')}
        title={t('navbar.messages')}
        onClick={() => navigate('/user/tickets')}
        data-testid="msg-link"
      />
    </Badge>
  );
}
