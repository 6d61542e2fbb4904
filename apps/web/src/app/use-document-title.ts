import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteTitle, useWebTitle } from '../lib/route-title';
import type { RouteMatch } from './route-lookup';

/**
 * Back-office pages read "{title} - {webtitle}"; the sign-in pages carry the user-centre name; the
 * public site pages (`ownTitle`) set their own title and description.
 */
export function useDocumentTitle(match: RouteMatch | null, isPublic: boolean): void {
  const { t } = useTranslation();
  const webtitle = useWebTitle();
  const routeTitle = useRouteTitle();
  const title = match?.route.meta?.title;
  const ownTitle = match?.route.meta?.ownTitle === true;
  useEffect(() => {
    if (ownTitle) return;
    const site = isPublic ? t('app.userCentre') : webtitle;
    const page = title && isPublic ? t(`public.${title}`) : title && routeTitle(title);
    document.title = page ? `${page} - ${site}` : site;
  }, [t, webtitle, title, isPublic, ownTitle, routeTitle]);
}
