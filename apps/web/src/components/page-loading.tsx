import NProgress from 'nprogress';
import { useEffect } from 'react';
import { startProgress } from '../lib/progress-bar';
import { useAppStore } from '../stores/app';

/**
 * Suspense fallback while a page chunk or the session is loading: runs the progress bar and
 * raises the flag that makes menu clicks warn instead of piling up navigations.
 */
export function PageLoading() {
  useEffect(() => {
    startProgress();
    useAppStore.getState().setPageLoading(true);
    return () => {
      NProgress.done();
      useAppStore.getState().setPageLoading(false);
    };
  }, []);
  return <div className="page-loading" aria-busy="true" />;
}
