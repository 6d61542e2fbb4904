import NProgress from 'nprogress';
import { useEffect } from 'react';
import { useAppStore } from '../stores/app';

NProgress.configure({ showSpinner: false });

/**
 * Suspense fallback while a page chunk or the session is loading: runs the progress bar and
 * raises the flag that makes menu clicks warn instead of piling up navigations.
 */
export function PageLoading() {
  useEffect(() => {
    NProgress.start();
    useAppStore.getState().setPageLoading(true);
    return () => {
      NProgress.done();
      useAppStore.getState().setPageLoading(false);
    };
  }, []);
  return <div className="page-loading" aria-busy="true" />;
}
