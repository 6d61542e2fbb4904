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
import type { Language } from './language';
import { formatFieldErrors, RequestError } from './request-error';
import {
  ACCEPT,
  encodeBody,
  fetchTransport,
  type Incoming,
  requestUrl,
  type Transport,
  TransportError,
} from './transport';
import { xhrTransport } from './xhr-transport';

/** How one call goes out, beyond its method, path and body. */
export interface RequestConfig {
  /** A GET call's query (see query-string.ts for how it is written). */
  params?: object;
  /** A request marked as loading leaves the global loading flag alone (seed section 4). */
  loading?: boolean;
  /** HTTP statuses the caller shows itself (a reader's "not found"): no error notification. */
  quietStatuses?: readonly number[];
  /** Cancels the call (a TanStack Query signal): it rejects with RequestError('canceled') unreported. */
  signal?: AbortSignal;
  /** 'blob' for a file (a CSV export); else the body is read as JSON, or as text when it is not JSON. */
  responseType?: 'json' | 'blob';
  /** Percent of the body sent: the call goes through XMLHttpRequest, which can tell (uploads). */
  onUploadProgress?: (percent: number) => void;
}

/** One call as `request()` takes it. */
export interface RequestOptions extends RequestConfig {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  /** The body: FormData as is (multipart), anything else as JSON. */
  data?: unknown;
}

/** What an answer's body is taken for when the caller names no type (call() types it from the declaration). */
// biome-ignore lint/suspicious/noExplicitAny: as loose as the axios answers the callers were written for.
type Loose = any;

/** A successful answer: `data` is the body (the envelope, after decryption), or the Blob of a file. */
export interface ClientResponse<T = Loose> {
  data: T;
  status: number;
  headers: Headers;
}

/** The one request client (seed section 7): the rules below around a fetch. */
export interface RequestClient {
  request<T = Loose>(options: RequestOptions): Promise<ClientResponse<T>>;
  get<T = Loose>(url: string, config?: RequestConfig): Promise<ClientResponse<T>>;
  post<T = Loose>(url: string, data?: unknown, config?: RequestConfig): Promise<ClientResponse<T>>;
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

export function createRequestClient(
  fx: RequestEffects,
  { baseURL, successCode = CODE.OK }: RequestClientOptions = {},
  /** The fetch transport; tests hand in their own. Uploads with progress always use XMLHttpRequest. */
  transport: Transport = fetchTransport,
): RequestClient {
  /** The headers of seed section 7, read when the call leaves (the token may have just changed). */
  function headersFor(): Headers {
    const headers = new Headers({ Accept: ACCEPT });
    const token = fx.getToken();
    if (token) headers.set(HEADER_TOKEN, token);
    headers.set(HEADER_RANDOM, String(Math.random()));
    headers.set('Accept-Language', fx.language() === 'zh' ? 'zh-CN' : 'en-US');
    return headers;
  }

  async function onResponse(answer: Incoming, token: string): Promise<ClientResponse> {
    const body = answer.data as Body;
    const response = { data: body, status: answer.status, headers: answer.headers };
    if (typeof body === 'string') {
      // An edge guard (WAF challenge) answers with its own page: reloading lets it run.
      if (body.includes('_guard')) {
        fx.reload();
        throw new RequestError('_guard', answer.status);
      }
      return response;
    }
    if (!isObject(body)) return response;
    if (body.crypt && typeof body.key === 'string' && typeof body.data === 'string') {
      try {
        body.data = await openPayload(token, { key: body.key, data: body.data });
      } catch (error) {
        fx.notifyError('请求失败', String(error));
        throw new RequestError(String(error), answer.status);
      }
    }
    if (body.x_token) fx.storeToken(body.x_token);
    applyPublicPayload(body.data);
    if (body.code === CODE.TOKEN_INVALID) {
      // A session that already ended here (logout, or another sign-in since) is no news: a call
      // still in flight when a client logs out must not send them to "this link ended".
      if (token !== fx.getToken()) {
        throw new RequestError(body.message ?? 'token invalid', answer.status, body.code);
      }
      const next = fx.refusedSessionPath();
      fx.clearToken();
      fx.navigate(next);
      throw new RequestError(body.message ?? 'token invalid', answer.status, body.code);
    }
    if (typeof body.code === 'number' && body.code !== successCode) {
      fx.notifyError(`请求失败(${body.code})`, body.message ?? '');
      throw new RequestError(body.message ?? '', answer.status, body.code);
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

  /** No answer: cancelled quietly, else 请求失败 with what went wrong (network, timeout). */
  function onNoAnswer(error: unknown): never {
    if (error instanceof TransportError && error.kind === 'canceled') {
      throw new RequestError('canceled', null);
    }
    const message = error instanceof Error ? error.message : String(error);
    fx.notifyError('请求失败', message);
    throw new RequestError(message, null);
  }

  /** An answer outside 2xx (axios's default rule): the error catalogue, unless the site is closed. */
  function onErrorStatus(answer: Incoming, config: RequestConfig): never {
    const body = isObject(answer.data) ? answer.data : {};
    const status = answer.status;
    const message =
      typeof body.message === 'string' ? body.message : `Request failed with status code ${status}`;
    const errors = body.errors as FieldErrors | undefined;
    // A closed site answers 503 with `{ set, ads }`: the visitor leaves, there is nothing to report.
    const quiet = config.quietStatuses?.includes(status) ?? false;
    if (!applyPublicPayload(body.data) && !quiet) reportFailure(status, message, errors);
    throw new RequestError(message, status, typeof body.code === 'number' ? body.code : null, errors);
  }

  async function request(options: RequestOptions): Promise<ClientResponse> {
    const { method, url, data, params, ...config } = options;
    if (!config.loading) fx.setLoading(1);
    const headers = headersFor();
    const token = headers.get(HEADER_TOKEN) ?? '';
    const send = config.onUploadProgress ? xhrTransport : transport;
    let answer: Incoming;
    try {
      answer = await send({
        method,
        url: requestUrl(baseURL, url, params),
        headers,
        body: encodeBody(data, headers),
        signal: config.signal,
        timeoutMs: REQUEST_TIMEOUT_MS,
        responseType: config.responseType ?? 'json',
        onUploadProgress: config.onUploadProgress,
      });
    } catch (error) {
      fx.setLoading(0);
      onNoAnswer(error);
    }
    fx.setLoading(0);
    if (answer.status < 200 || answer.status >= 300) onErrorStatus(answer, config);
    return onResponse(answer, token);
  }

  return {
    request,
    get: (url, config) => request({ ...config, method: 'GET', url }),
    post: (url, data, config) => request({ ...config, method: 'POST', url, data }),
  };
}
