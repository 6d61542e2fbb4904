import type { AxiosRequestConfig } from 'axios';
import { useAppStore } from '../stores/app';
import { useUserStore } from '../stores/user';
import { navigateTo } from './navigation';
import { notifyError } from './notify';
import { createRequestClient } from './request-client';
import { refusedSessionPath } from './share-session';

/**
 * SITE_CLOSED_PAGE of the contracts, spelled here: that module also holds the settings schemas,
 * and importing it would put zod into every first load.
 */
const SITE_CLOSED_PAGE = '/beian.html';

const FORBIDDEN_RELOAD_KEY = 'tally-forbidden-reload';

/** The one axios instance of seed section 7, wired to the stores and the browser. */
export const request = createRequestClient({
  getToken: () => useUserStore.getState().token,
  storeToken: (token) => useUserStore.getState().setToken(token),
  clearToken: () => useUserStore.getState().clearSession(),
  applyPublic: (patch) => useUserStore.getState().applyPublic(patch),
  setLoading: (flag) => useUserStore.getState().setLoading(flag),
  reload: () => window.location.reload(),
  navigate: navigateTo,
  refusedSessionPath,
  leaveForFiling: () => window.location.assign(SITE_CLOSED_PAGE),
  // The sign-in form stays open to whoever has no session yet; a signed-in non-admin leaves.
  staysWhenClosed: () => {
    const { is_admin, token } = useUserStore.getState();
    return is_admin === 1 || (window.location.pathname === '/login' && token === '');
  },
  notifyError,
  language: () => useAppStore.getState().language,
  sinceForbiddenReload: () => {
    const at = Number(sessionStorage.getItem(FORBIDDEN_RELOAD_KEY));
    return at ? Date.now() - at : null;
  },
  markForbiddenReload: () => sessionStorage.setItem(FORBIDDEN_RELOAD_KEY, String(Date.now())),
});

/** Calls resolve to the envelope's `data`; failures were already shown to the user. */
export async function get<T>(url: string, params?: object, config?: AxiosRequestConfig): Promise<T> {
  const response = await request.get(url, { ...config, params });
  return response.data.data as T;
}

export async function post<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T> {
  const response = await request.post(url, body ?? {}, config);
  return response.data.data as T;
}
