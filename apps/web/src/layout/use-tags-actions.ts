import { ACCESS } from '@tally/contracts';
import { useLocation, useNavigate } from 'react-router';
import { canAccess } from '../lib/access';
import { currentPath } from '../lib/navigation';
import { useTagsViewStore, type VisitedView } from '../stores/tags-view';
import { useUserStore } from '../stores/user';

/** Tag actions of seed section 2; after closing the active tag, the last remaining view opens. */
export function useTagsActions() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const store = useTagsViewStore;

  const toLastView = () => {
    const latest = store.getState().visitedViews.at(-1);
    if (latest) navigate(latest.fullPath);
    else navigate(canAccess(useUserStore.getState().roles, ACCESS.dashboard) ? '/dashboard' : '/');
  };

  return {
    isActive: (view: VisitedView) => view.path === pathname,
    refresh(view: VisitedView) {
      store.getState().delCachedView(view.path);
      navigate(`/redirect${view.fullPath}`, { replace: true });
    },
    close(view: VisitedView) {
      if (view.affix) return;
      store.getState().delView(view.path);
      if (view.path === currentPath()) toLastView();
    },
    closeOthers(view: VisitedView) {
      if (view.path !== currentPath()) navigate(view.fullPath);
      store.getState().delOthersViews(view.path);
    },
    closeAll() {
      store.getState().delAllViews();
      if (!store.getState().visitedViews.some((v) => v.path === currentPath())) toLastView();
    },
  };
}
