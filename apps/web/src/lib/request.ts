import type { Endpoint, EndpointData, EndpointInput } from '@tally/contracts';
import { useAppStore } from '../stores/app';
import { useUserStore } from '../stores/user';
import { navigateTo } from './navigation';
import { notifyError } from './notify';
import { createRequestClient, type RequestConfig } from './request-client';
import { refusedSessionPath } from './share-session';

/**
 * SITE_CLOSED_PAGE of the contracts, spelled here: that module also holds the settings schemas,
 * and importing it would put zod into every first load.
 */
const SITE_CLOSED_PAGE = '/beian.html';
/** USER_API.info's path, spelled here for the same reason. */
const USER_INFO_PATH = '/api/v1/api2/user/info';

/** The admin check of a session whose roles are not known yet, per token (one request at a time). */
let adminCheck: { token: string; admin: Promise<boolean> } | null = null;

/**
 * Leaves for the filing page unless the session is an admin's. Public pages (/home, /articles) load
 * no user info, so a signed-in visitor's roles may be unknown there: ask once before sending them
 * away. A non-admin's info call is itself refused on a closed site, which answers "not an admin".
 */
function leaveUnlessAdmin(): void {
  const { token, roles } = useUserStore.getState();
  if (!token || roles.length > 0) {
    window.location.assign(SITE_CLOSED_PAGE);
    return;
  }
  if (adminCheck?.token !== token) {
    const admin = request
      .post(USER_INFO_PATH, {})
      .then((r) => Number(r.data?.data?.userInfo?.is_admin) === 1)
      .catch(() => false);
    adminCheck = { token, admin };
  }
  void adminCheck.admin.then((admin) => {
    if (!admin) window.location.assign(SITE_CLOSED_PAGE);
  });
}

const FORBIDDEN_RELOAD_KEY = 'tally-forbidden-reload';

/** The one request client of seed section 7, wired to the stores and the browser. */
export const request = createRequestClient({
  getToken: () => useUserStore.getState().token,
  storeToken: (token) => useUserStore.getState().setToken(token),
  clearToken: () => useUserStore.getState().clearSession(),
  applyPublic: (patch) => useUserStore.getState().applyPublic(patch),
  setLoading: (flag) => useUserStore.getState().setLoading(flag),
  reload: () => window.location.reload(),
  navigate: navigateTo,
  refusedSessionPath,
  leaveForFiling: leaveUnlessAdmin,
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
    ? [input?: EndpointInput<E>, config?: RequestConfig]
    : [input: EndpointInput<E>, config?: RequestConfig];

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
      ? await request.get(endpoint.path, { ...config, params: input as object | undefined })
      : await request.post(endpoint.path, input ?? {}, config);
  return response.data.data as EndpointData<E>;
}

/** `call` with its declaration bound: a mutation's or query's function (`useMutation({ mutationFn: caller(X_API.save) })`). */
export const caller =
  <E extends Endpoint>(endpoint: E) =>
  (input: EndpointInput<E>): Promise<EndpointData<E>> =>
    call(endpoint, ...([input] as CallArgs<E>));
