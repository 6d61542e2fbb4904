import NProgress from 'nprogress';
import { useLayoutEffect } from 'react';
import { startProgress } from '../lib/progress-bar';
import { useAppStore } from '../stores/app';

/**
 * Suspense fallback while a page chunk or the session is loading: runs the progress bar and
 * raises the flag that makes menu clicks warn instead of piling up navigations. A layout effect, so
 * the flag is up in the same commit that shows the fallback: no click lands on a loading page unwarned.
 */
export function PageLoading() {
  useLayoutEffect(() => {
    startProgress();
    useAppStore.getState().setPageLoading(true);
    return () => {
      NProgress.done();
      useAppStore.getState().setPageLoading(false);
    };
  }, []);
  return <div className="page-loading" aria-busy="true" />;
}
