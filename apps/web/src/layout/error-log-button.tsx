import { BugOutlined } from '@ant-design/icons';
import { Badge, Button, Modal, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorLogStore } from '../stores/error-log';

/** Header badge that appears once an error was recorded, with the list behind it. */
export function ErrorLogButton() {
  const { t } = useTranslation();
  const logs = useErrorLogStore((s) => s.logs);
  const clear = useErrorLogStore((s) => s.clear);
  const [open, setOpen] = useState(false);
  if (logs.length === 0) return null;
  return (
    <>
      <Badge count={logs.length} size="small" offset={[-4, 4]}>
        <Button
          type="text"
          icon={<BugOutlined />}
          aria-label={t('navbar.errorLog')}
          onClick={() => setOpen(true)}
          data-testid="error-log"
        />
      </Badge>
      <Modal
        open={open}
        title={t('errorLog.title')}
        width={800}
        onCancel={() => setOpen(false)}
        footer={null}
      >
        <Table
          size="small"
          rowKey="time"
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
            setOpen(false);
          }}
        >
          {t('errorLog.clear')}
        </Button>
      </Modal>
    </>
  );
}
