import { Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COOKIE, readCookie, writeCookie } from '../lib/cookies';
import { useUserStore } from '../stores/user';

/** Seed section 9: the notice appears 1000 ms after the layout does. */
export const NOTICE_DELAY_MS = 1000;

/** Cookies hold 4 KB; a short fingerprint of the notice is enough to know it changed. */
export function noticeFingerprint(text: string): string {
  let hash = 5381;
  for (let i = 0; i < text.length; i++) hash = ((hash << 5) + hash + text.charCodeAt(i)) | 0;
  return `${text.length}.${(hash >>> 0).toString(36)}`;
}

export function NoticeDialog() {
  const { t } = useTranslation();
  const [notice, setNotice] = useState('');

  useEffect(() => {
    const timer = setTimeout(() => {
      const text = useUserStore.getState().set.indexNotice;
      if (text && readCookie(COOKIE.notice) !== noticeFingerprint(text)) setNotice(text);
    }, NOTICE_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  const close = () => {
    writeCookie(COOKIE.notice, noticeFingerprint(notice));
    setNotice('');
  };

  return (
    <Modal
      open={notice !== ''}
      title={t('notice.title')}
      onOk={close}
      onCancel={close}
      okText={t('notice.ok')}
      cancelButtonProps={{ style: { display: 'none' } }}
      data-testid="notice-dialog"
    >
      <div className="notice-text">{notice}</div>
    </Modal>
  );
}
