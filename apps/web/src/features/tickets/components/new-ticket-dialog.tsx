import { TICKET_PRIORITIES, type TicketPriority } from '@tally/contracts';
import { Button, Form, Input, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../lib/feedback';
import { lazySchemas } from '../../../lib/zod-check';
import { useCreateTicket } from '../api';

const schemas = lazySchemas(() => import('../form-schemas'));

interface Values {
  subject: string;
  priority: TicketPriority;
  content: string;
}

/** Subject, priority and the first message, checked with the server's own schema before sending. */
export function NewTicketDialog({ onClose, onCreated }: { onClose(): void; onCreated(id: number): void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const create = useCreateTicket();
  const onFinish = (values: Values) =>
    create.mutate(values, {
      onSuccess: (detail) => {
        void message.success(t('tickets.created', { id: detail.ticket.id }));
        onCreated(detail.ticket.id);
      },
    });
  return (
    <Modal
      open
      title={t('tickets.new')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      data-testid="ticket-new-dialog"
    >
      <Form<Values>
        layout="vertical"
        initialValues={{ subject: '', priority: 'normal', content: '' }}
        onFinish={onFinish}
      >
        <Form.Item
          name="subject"
          label={t('tickets.subject')}
          required
          rules={[schemas.fieldRule('ticketCreateBodySchema', 'subject')]}
        >
          <Input maxLength={120} data-testid="ticket-subject" />
        </Form.Item>
        <Form.Item name="priority" label={t('tickets.priority')}>
          <Radio.Group
            optionType="button"
            options={TICKET_PRIORITIES.map((p) => ({ value: p, label: t(`tickets.priorities.${p}`) }))}
            data-testid="ticket-priority"
          />
        </Form.Item>
        <Form.Item
          name="content"
          label={t('tickets.content')}
          extra={t('tickets.contentHelp')}
          required
          rules={[schemas.fieldRule('ticketCreateBodySchema', 'content')]}
        >
          <Input.TextArea
            autoSize={{ minRows: 4, maxRows: 12 }}
            maxLength={10_000}
            data-testid="ticket-content"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="ticket-submit">
          {t('tickets.submit')}
        </Button>
      </Form>
    </Modal>
  );
}
