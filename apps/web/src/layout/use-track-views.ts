import { ACCESS } from '@tally/contracts';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { findLayoutRoute } from '../app/route-lookup';
import { mainRoutes } from '../app/route-table';
import { canAccess } from '../lib/access';
import { useTagsViewStore } from '../stores/tags-view';
import { useUserStore } from '../stores/user';

/** Pins the affix routes the user may open, then records every page visited as a tag. */
export function useTrackViews(): void {
  const { pathname, search } = useLocation();
  const roles = useUserStore((s) => s.roles);

  useEffect(() => {
    const affix = mainRoutes
      .filter((r) => r.meta?.affix && canAccess(roles, r.meta.roles ?? ACCESS.session))
      .map((r) => ({ path: r.path, fullPath: r.path, title: r.meta?.title ?? 'no-name', affix: true }));
    useTagsViewStore.getState().setAffixViews(affix);
  }, [roles]);

  useEffect(() => {
    if (pathname.startsWith('/redirect/')) return;
    const match = findLayoutRoute(pathname);
    if (!match) return;
    const meta = match.route.meta ?? {};
    useTagsViewStore.getState().addView({
      path: pathname,
      fullPath: pathname + search,
      title: meta.title ?? 'no-name',
      affix: meta.affix,
      noCache: meta.noCache,
    });
  }, [pathname, search]);
}
