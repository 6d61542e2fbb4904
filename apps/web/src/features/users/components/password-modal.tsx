import { CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A password the server generated: shown this once, with a copy button. */
export function PasswordModal({
  name,
  password,
  onClose,
}: {
  name: string;
  password: string;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard?.writeText(password).then(
      () => setCopied(true),
      () => undefined,
    );
  };
  return (
    <Modal
      open
      title={t('adminUsers.password.title', { name })}
      onCancel={onClose}
      maskClosable={false}
      footer={
        <Button type="primary" onClick={onClose} data-testid="users-password-done">
          {t('adminUsers.password.done')}
        </Button>
      }
    >
      <Alert type="warning" showIcon message={t('adminUsers.password.once')} style={{ marginBottom: 12 }} />
      <div className="users-password" data-testid="users-password">
        {password}
      </div>
      <Button
        icon={<CopyOutlined />}
        onClick={copy}
        style={{ marginTop: 12 }}
        data-testid="users-password-copy"
      >
        {copied ? t('adminUsers.password.copied') : t('adminUsers.password.copy')}
      </Button>
    </Modal>
  );
}
