import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';

export default function NoticeModal({ text, onClose }: { text: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('notice.title')}
      onOk={onClose}
      onCancel={onClose}
      okText={t('notice.ok')}
      cancelButtonProps={{ style: { display: 'none' } }}
      data-testid="notice-dialog"
    >
      <div className="notice-text">{text}</div>
    </Modal>
  );
}
