import { lazy, Suspense, useEffect, useState } from 'react';
import { COOKIE, readCookie, writeCookie } from '../lib/cookies';
import { useUserStore } from '../stores/user';

/** Seed section 9: the notice appears 1000 ms after the layout does. */
export const NOTICE_DELAY_MS = 1000;

/** The modal's code is fetched only when there is a notice to show. */
const loadModal = () => import('./notice-modal');
const NoticeModal = lazy(loadModal);

/** The notice this browser has not closed yet, or ''. */
function unseenNotice(): string {
  const text = useUserStore.getState().set.indexNotice;
  return text && readCookie(COOKIE.notice) !== noticeFingerprint(text) ? text : '';
}

/** Cookies hold 4 KB; a short fingerprint of the notice is enough to know it changed. */
export function noticeFingerprint(text: string): string {
  let hash = 5381;
  for (let i = 0; i < text.length; i++) hash = ((hash << 5) + hash + text.charCodeAt(i)) | 0;
  return `${text.length}.${(hash >>> 0).toString(36)}`;
}

export function NoticeDialog() {
  const [notice, setNotice] = useState('');

  useEffect(() => {
    // Its code is fetched during the second, so the notice shows at 1000 ms, not after a fetch from then.
    if (unseenNotice()) void loadModal();
    const timer = setTimeout(() => setNotice(unseenNotice()), NOTICE_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  if (!notice) return null;
  const close = () => {
    writeCookie(COOKIE.notice, noticeFingerprint(notice));
    setNotice('');
  };
  return (
    <Suspense fallback={null}>
      <NoticeModal text={notice} onClose={close} />
    </Suspense>
  );
}
