import {
  type Ad,
  CODE,
  type Envelope,
  type FieldErrors,
  HEADER_RANDOM,
  HEADER_TOKEN,
  openPayload,
  type PublicSettings,
} from '@tally/contracts';
import axios, {
  type AxiosError,
  type AxiosInstance,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import type { Language } from './language';
import { formatFieldErrors, RequestError } from './request-error';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** A request marked as loading leaves the global loading flag alone (seed section 4). */
    loading?: boolean;
    /** HTTP statuses the caller shows itself (a reader's "not found"): no error notification. */
    quietStatuses?: readonly number[];
  }
}

export const REQUEST_TIMEOUT_MS = 15000;

/** Everything the client does to the world, injected so the rules can be tested without a browser. */
export interface RequestEffects {
  getToken(): string;
  storeToken(token: string): void;
  clearToken(): void;
  applyPublic(patch: { set?: Partial<PublicSettings>; ads?: Ad[] }): void;
  setLoading(flag: 0 | 1): void;
  reload(): void;
  navigate(path: string): void;
  /** Where a refused session goes: /login, or for a share-link client the page saying its link ended. */
  refusedSessionPath(): string;
  /** Site closed (webclose = 1): leave for the static filing page. */
  leaveForFiling(): void;
  /**
   * Who stays on a closed site: an admin (who must be able to open it again) and a visitor on
   * /login without a session yet, the way an admin gets in.
   */
  staysWhenClosed(): boolean;
  notifyError(title: string, description: string): void;
  /** The interface language: sent as Accept-Language, so the server words its messages in it. */
  language(): Language;
  /** Milliseconds since the last reload caused by an HTTP 403, or null if none (reload-loop brake). */
  sinceForbiddenReload(): number | null;
  markForbiddenReload(): void;
}

/**
 * Two 403 reloads this close together mean the page itself is forbidden; reloading again would
 * loop forever, so the second one only notifies.
 */
export const FORBIDDEN_RELOAD_WINDOW_MS = 10000;

type Body = Partial<Envelope<unknown>> | string | null | undefined;

interface PayloadWithPublic {
  set?: Partial<PublicSettings>;
  ads?: Ad[];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** A user/info answer arrives before its roles reach the store: it speaks for itself. */
function isAdminInfo(data: Record<string, unknown>): boolean {
  const info = data.userInfo;
  return isObject(info) && Number(info.is_admin) === 1;
}

/** Where a client points and what success is there: Tally's API by default (code 200). */
export interface RequestClientOptions {
  baseURL?: string;
  /** The body `code` of success; any other code is an error (the template mocks use 20000). */
  successCode?: number;
}

/** The token a request went out with ('' when it had none). */
function sentToken(response: AxiosResponse): string {
  return String(response.config.headers.get(HEADER_TOKEN) ?? '');
}

export function createRequestClient(
  fx: RequestEffects,
  { baseURL, successCode = CODE.OK }: RequestClientOptions = {},
): AxiosInstance {
  const client = axios.create({ baseURL, timeout: REQUEST_TIMEOUT_MS });

  client.interceptors.request.use((config: InternalAxiosRequestConfig) => {
    if (!config.loading) fx.setLoading(1);
    const token = fx.getToken();
    if (token) config.headers.set(HEADER_TOKEN, token);
    config.headers.set(HEADER_RANDOM, String(Math.random()));
    config.headers.set('Accept-Language', fx.language() === 'zh' ? 'zh-CN' : 'en-US');
    return config;
  });

  async function onResponse(response: AxiosResponse<Body>): Promise<AxiosResponse> {
    fx.setLoading(0);
    const body = response.data;
    if (typeof body === 'string') {
      // An edge guard (WAF challenge) answers with its own page: reloading lets it run.
      if (body.includes('_guard')) {
        fx.reload();
        throw new RequestError('_guard', response.status);
      }
      return response;
    }
    if (!isObject(body)) return response;
    if (body.crypt && typeof body.key === 'string' && typeof body.data === 'string') {
      try {
        body.data = await openPayload(sentToken(response), { key: body.key, data: body.data });
      } catch (error) {
        fx.notifyError('请求失败', String(error));
        throw new RequestError(String(error), response.status);
      }
    }
    if (body.x_token) fx.storeToken(body.x_token);
    applyPublicPayload(body.data);
    if (body.code === CODE.TOKEN_INVALID) {
      // A session that already ended here (logout, or another sign-in since) is no news: a call
      // still in flight when a client logs out must not send them to "this link ended".
      if (sentToken(response) !== fx.getToken()) {
        throw new RequestError(body.message ?? 'token invalid', response.status, body.code);
      }
      const next = fx.refusedSessionPath();
      fx.clearToken();
      fx.navigate(next);
      throw new RequestError(body.message ?? 'token invalid', response.status, body.code);
    }
    if (typeof body.code === 'number' && body.code !== successCode) {
      fx.notifyError(`请求失败(${body.code})`, body.message ?? '');
      throw new RequestError(body.message ?? '', response.status, body.code);
    }
    return response;
  }

  /** Applies `set`/`ads`; true when the site is closed to this visitor and the page is leaving. */
  function applyPublicPayload(data: unknown): boolean {
    if (!isObject(data)) return false;
    const { set, ads } = data as PayloadWithPublic;
    if (set || ads) fx.applyPublic({ set, ads });
    if (set && Number(set.webclose) === 1 && !isAdminInfo(data) && !fx.staysWhenClosed()) {
      fx.leaveForFiling();
      return true;
    }
    return false;
  }

  /** The seed's error catalogue (section 8) for an HTTP error status. */
  function reportFailure(status: number, message: string, errors: FieldErrors | undefined): void {
    if (status === 403) {
      const since = fx.sinceForbiddenReload();
      if (since === null || since > FORBIDDEN_RELOAD_WINDOW_MS) {
        fx.markForbiddenReload();
        fx.reload();
      } else {
        fx.notifyError('请求失败(403)', message);
      }
    } else if (status === 501) {
      fx.navigate('/sites/select');
    } else if (status === 422) {
      fx.notifyError('请求失败(422)', formatFieldErrors(errors, message, fx.language()));
    } else {
      fx.notifyError(`请求失败(${status})`, message);
    }
  }

  function onError(error: AxiosError<Body>): Promise<never> {
    fx.setLoading(0);
    if (error instanceof RequestError) return Promise.reject(error);
    if (axios.isCancel(error)) return Promise.reject(new RequestError('canceled', null));
    const response = error.response;
    if (!response) {
      fx.notifyError('请求失败', String(error.message ?? error));
      return Promise.reject(new RequestError(error.message, null));
    }
    const body = isObject(response.data) ? response.data : {};
    const message = typeof body.message === 'string' ? body.message : error.message;
    const errors = body.errors as FieldErrors | undefined;
    const status = response.status;
    // A closed site answers 503 with `{ set, ads }`: the visitor leaves, there is nothing to report.
    const quiet = error.config?.quietStatuses?.includes(status) ?? false;
    if (!applyPublicPayload(body.data) && !quiet) reportFailure(status, message, errors);
    return Promise.reject(
      new RequestError(message, status, typeof body.code === 'number' ? body.code : null, errors),
    );
  }

  client.interceptors.response.use(onResponse, onError);
  return client;
}
