import { CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The new key, shown this once (the server keeps only its digest), with a copy button. */
export function ApiKeyCreatedModal({ apiKey, onClose }: { apiKey: string; onClose(): void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard?.writeText(apiKey).then(
      () => setCopied(true),
      () => undefined,
    );
  };
  return (
    <Modal
      open
      title={t('apiKeys.createdTitle')}
      onCancel={onClose}
      maskClosable={false}
      footer={
        <Button type="primary" onClick={onClose} data-testid="api-key-done">
          {t('apiKeys.done')}
        </Button>
      }
    >
      <Alert type="warning" showIcon message={t('apiKeys.once')} style={{ marginBottom: 12 }} />
      <Typography.Paragraph code style={{ wordBreak: 'break-all' }} data-testid="api-key-value">
        {apiKey}
      </Typography.Paragraph>
      <Button icon={<CopyOutlined />} onClick={copy} data-testid="api-key-copy">
        {copied ? t('apiKeys.copied') : t('apiKeys.copy')}
      </Button>
    </Modal>
  );
}
