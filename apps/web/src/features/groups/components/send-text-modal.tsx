import type { ChatRow } from '@tally/contracts';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { sendText } from '../api';
import '../messages';
import type { GroupAct } from './group-actions';

/** Sends a text message to a group through its bot. */
export function SendTextModal({
  sending,
  act,
  onClose,
}: {
  sending: ChatRow | null;
  act: GroupAct;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [sendForm] = Form.useForm<{ text: string }>();
  return (
    <Modal
      open={sending !== null}
      title={`${t('tgGroups.send')} · ${sending?.title ?? ''}`}
      onCancel={onClose}
      onOk={() => sendForm.submit()}
      destroyOnHidden
    >
      <Form
        form={sendForm}
        layout="vertical"
        onFinish={async ({ text }) => {
          if (sending && (await act(sendText(sending.id, text), t('tgGroups.sent')))) {
            sendForm.resetFields();
            onClose();
          }
        }}
      >
        <Form.Item
          name="text"
          label={t('tgGroups.text')}
          rules={[{ required: true, whitespace: true, message: t('login.required') }]}
        >
          <Input.TextArea rows={4} maxLength={4000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
