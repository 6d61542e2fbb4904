import { AUTH_PATHS, type ShareBody, type SiteSummary } from '@tally/contracts';
import { post } from '../../../lib/request';
import { useAppStore } from '../../../stores/app';
import { useUserStore } from '../../../stores/user';

/** Seed section 9: the share-login result lands 1000 ms after the call returns. */
export const SHARE_LOGIN_DELAY_MS = 1000;

interface ShareResult {
  site: SiteSummary;
  sites: SiteSummary[];
  x_token: string;
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A share link opens a client session bound to one site, replacing any session already held. */
export async function shareLogin(body: ShareBody): Promise<ShareResult> {
  useUserStore.getState().clearSession();
  const result = await post<ShareResult>(AUTH_PATHS.share, body);
  await delay(SHARE_LOGIN_DELAY_MS);
  const app = useAppStore.getState();
  app.setSites(result.sites);
  app.setSite(result.site);
  useUserStore.getState().setSession(result.x_token);
  useUserStore.getState().markClient();
  return result;
}
