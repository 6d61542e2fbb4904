import type { TicketMessage } from '@tally/contracts';
import { Button, Drawer, Empty, Form, Input, Modal, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { USER_CONTENT, UserText } from '../../../components/user-text';
import { confirmDanger } from '../../../lib/confirm';
import { useFeedback } from '../../../lib/feedback';
import { formatDate } from '../../../lib/formatters';
import { lazySchemas } from '../../../lib/zod-check';
import { type TicketSide, useCloseTicket, useReply, useTicket } from '../api';
import { PriorityTag, StatusTag } from './ticket-columns';

const schemas = lazySchemas(() => import('../form-schemas'));

/** One ticket's conversation, oldest first, with the reply box and the (confirmed) close. */
export function ConversationDrawer({ side, id, onClose }: { side: TicketSide; id: number; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [modal, modalHolder] = Modal.useModal();
  const [form] = Form.useForm<{ content: string }>();
  const detail = useTicket(side, id);
  const reply = useReply(side);
  const close = useCloseTicket(side);
  const ticket = detail.data?.ticket;

  const send = ({ content }: { content: string }) =>
    reply.mutate(
      { id, content },
      {
        onSuccess: () => {
          form.resetFields();
          void message.success(t('tickets.sent'));
        },
      },
    );
  const askClose = async () => {
    if (await confirmDanger(modal, t('tickets.closeQuestion'), t('tickets.close')))
      close.mutate({ id }, { onSuccess: () => void message.success(t('tickets.closedDone')) });
  };
  const author = (m: TicketMessage) =>
    m.from_admin
      ? side === 'user'
        ? t('tickets.support')
        : `${t('tickets.support')} · ${m.author ?? ''}`
      : side === 'user'
        ? t('tickets.you')
        : (m.author ?? '');

  return (
    <Drawer
      open
      onClose={onClose}
      width="min(620px, 100vw)"
      title={
        ticket ? (
          <>
            #{ticket.id} <UserText>{ticket.subject}</UserText>
          </>
        ) : (
          ' '
        )
      }
      extra={
        ticket &&
        ticket.status !== 'closed' && (
          <Button danger size="small" onClick={askClose} loading={close.isPending} data-testid="ticket-close">
            {t('tickets.close')}
          </Button>
        )
      }
      data-testid="ticket-conversation"
    >
      {modalHolder}
      {!ticket ? (
        detail.isError ? (
          <Empty />
        ) : (
          <Spin />
        )
      ) : (
        <div className="ticket-conversation">
          <Space wrap className="ticket-meta">
            <StatusTag status={ticket.status} side={side} t={t} />
            <PriorityTag priority={ticket.priority} t={t} />
            {side === 'admin' && <span>{ticket.username}</span>}
            <span className="ticket-time">
              {t('tickets.opened')} {formatDate(ticket.created_at)}
            </span>
          </Space>
          <ol className="ticket-messages" data-testid="ticket-messages">
            {(detail.data?.messages ?? []).map((m) => (
              <li
                key={m.id}
                className={m.from_admin ? 'ticket-message from-support' : 'ticket-message from-user'}
              >
                <div className="ticket-message-head">
                  <strong>{author(m)}</strong>
                  <span className="ticket-time">{formatDate(m.created_at)}</span>
                </div>
                <div className="ticket-message-body" {...USER_CONTENT}>
                  {m.content}
                </div>
              </li>
            ))}
          </ol>
          {ticket.status === 'closed' ? (
            <p className="ticket-closed-note" data-testid="ticket-closed-note">
              {t('tickets.closedNote')}
            </p>
          ) : (
            <Form form={form} layout="vertical" onFinish={send} className="ticket-reply">
              <Form.Item
                name="content"
                label={t('tickets.reply')}
                rules={[schemas.fieldRule('ticketReplyBodySchema', 'content')]}
              >
                <Input.TextArea
                  autoSize={{ minRows: 3, maxRows: 10 }}
                  maxLength={10_000}
                  placeholder={t('tickets.replyPlaceholder')}
                  data-testid="ticket-reply-content"
                />
              </Form.Item>
              <Button
                type="primary"
                htmlType="submit"
                loading={reply.isPending}
                data-testid="ticket-reply-send"
              >
                {t('tickets.send')}
              </Button>
            </Form>
          )}
        </div>
      )}
    </Drawer>
  );
}
