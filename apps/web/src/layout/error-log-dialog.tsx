import { Button, Modal, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorLogStore } from '../stores/error-log';

export default function ErrorLogDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const logs = useErrorLogStore((s) => s.logs);
  const clear = useErrorLogStore((s) => s.clear);
  return (
    <Modal
      open
      title={t('errorLog.title')}
      width={800}
      onCancel={onClose}
      footer={null}
      data-testid="error-log-dialog"
    >
      <Table
        size="small"
        rowKey="id"
        dataSource={logs}
        pagination={false}
        scroll={{ x: true, y: 400 }}
        columns={[
          { title: t('errorLog.message'), dataIndex: 'message' },
          { title: t('errorLog.info'), dataIndex: 'info', ellipsis: true },
          { title: t('errorLog.url'), dataIndex: 'url', ellipsis: true },
        ]}
      />
      <Button
        danger
        style={{ marginTop: 12 }}
        onClick={() => {
          clear();
          onClose();
        }}
      >
        {t('errorLog.clear')}
      </Button>
    </Modal>
  );
}
