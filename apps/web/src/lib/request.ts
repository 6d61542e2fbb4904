import type { Endpoint, EndpointData, EndpointInput } from '@tally/contracts';
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

type CallArgs<E> =
  undefined extends EndpointInput<E>
    ? [input?: EndpointInput<E>, config?: AxiosRequestConfig]
    : [input: EndpointInput<E>, config?: AxiosRequestConfig];

/**
 * The one way the web calls the API: a declared call and its input (query for GET, body for POST),
 * typed from the declaration; resolves to the envelope's `data`. Failures were already shown to the
 * user (the request client's interceptors).
 */
export async function call<E extends Endpoint>(
  endpoint: E,
  ...[input, config]: CallArgs<E>
): Promise<EndpointData<E>> {
  const response =
    endpoint.method === 'GET'
      ? await request.get(endpoint.path, { ...config, params: input } as AxiosRequestConfig)
      : await request.post(endpoint.path, input ?? {}, config);
  return response.data.data as EndpointData<E>;
}

/** `call` with its declaration bound: a mutation's or query's function (`useMutation({ mutationFn: caller(X_API.save) })`). */
export const caller =
  <E extends Endpoint>(endpoint: E) =>
  (input: EndpointInput<E>): Promise<EndpointData<E>> =>
    call(endpoint, ...([input] as CallArgs<E>));
