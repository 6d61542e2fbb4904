import { withQuery } from './query-string';

/**
 * The wire under the request client: one request out, one answer back, with the browser's fetch.
 * The rules about envelopes, sessions and errors live in request-client.ts, not here.
 */

/** The headers axios sent with every call (Accept) and with a JSON body (Content-Type). */
export const ACCEPT = 'application/json, text/plain, */*';

/** The body as it goes on the wire: FormData as is (the browser writes the multipart boundary). */
export function encodeBody(data: unknown, headers: Headers): BodyInit | undefined {
  if (data === undefined) return undefined;
  if (data instanceof FormData || data instanceof Blob || data instanceof URLSearchParams) return data;
  if (typeof data === 'string') return data;
  headers.set('Content-Type', 'application/json');
  return JSON.stringify(data);
}

function join(baseURL: string | undefined, url: string): string {
  // axios's rules: a URL with a scheme or starting with // ignores the base.
  if (!baseURL || /^([a-z][a-z\d+.-]*:)?\/\//i.test(url)) return url;
  return `${baseURL.replace(/\/?\/$/, '')}/${url.replace(/^\/+/, '')}`;
}

/**
 * Where a call goes: its path under the base, its query appended, made absolute on the page's origin
 * (the browser would resolve it the same way; fetch outside a page, in tests, needs it absolute).
 */
export function requestUrl(baseURL: string | undefined, url: string, params: object | undefined): string {
  const relative = withQuery(join(baseURL, url), params);
  return typeof location === 'undefined' ? relative : new URL(relative, location.href).href;
}

/** What goes out: the client has already built the URL and headers. */
export interface Outgoing {
  method: string;
  url: string;
  headers: Headers;
  body?: BodyInit;
  /** The caller's cancellation (a TanStack Query signal, say). */
  signal?: AbortSignal;
  timeoutMs: number;
  /** 'blob' for files; else the body is read as JSON, or kept as text when it is not JSON. */
  responseType: 'json' | 'blob';
  /** Percent of the body sent; only the XMLHttpRequest transport can report it. */
  onUploadProgress?: (percent: number) => void;
}

/** Any HTTP answer, whatever its status. */
export interface Incoming {
  status: number;
  headers: Headers;
  data: unknown;
}

export type Transport = (request: Outgoing) => Promise<Incoming>;

/** No answer came: the network failed, the timeout ran out, or the caller cancelled. */
export class TransportError extends Error {
  constructor(
    message: string,
    readonly kind: 'network' | 'timeout' | 'canceled',
  ) {
    super(message);
    this.name = 'TransportError';
  }
}

/** The messages axios gave these failures, which users and tests have seen. */
export const timeoutMessage = (ms: number) => `timeout of ${ms}ms exceeded`;
export const NETWORK_MESSAGE = 'Network Error';

/** Text as JSON when it is JSON, else the text itself (a WAF page, a plain answer). */
export function parseBody(text: string): unknown {
  if (!text) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Reads an answer: a file as a Blob when it succeeded, everything else (an error answer of a file
 * call too, so its message and field errors reach the user) as JSON or text.
 */
async function readBody(response: Response, responseType: Outgoing['responseType']): Promise<unknown> {
  if (responseType === 'blob' && response.ok) return response.blob();
  return parseBody(await response.text());
}

/**
 * Whether this page is being left (a navigation, a reload). The browser then fails its fetches, and
 * the old page would still act on the failure (a failed user/info clears the session cookie the next
 * page is about to read). An XMLHttpRequest cut off by leaving never reported anything, so a call
 * cut off now never settles either.
 */
let leaving = false;
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    leaving = true;
  });
  // Back from the back/forward cache: the page lives on.
  window.addEventListener('pageshow', () => {
    leaving = false;
  });
}

/** A call the page's departure cut off: it never settles (see `leaving`). */
export function cutOffByLeaving(): boolean {
  return leaving;
}

const never = () => new Promise<never>(() => undefined);

export const fetchTransport: Transport = async (request) => {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, request.timeoutMs);
  const cancel = () => controller.abort();
  request.signal?.addEventListener('abort', cancel);
  try {
    if (request.signal?.aborted) throw new TransportError('canceled', 'canceled');
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal: controller.signal,
      credentials: 'same-origin',
    });
    return {
      status: response.status,
      headers: response.headers,
      data: await readBody(response, request.responseType),
    };
  } catch (error) {
    if (error instanceof TransportError) throw error;
    if (leaving) return never();
    if (timedOut) throw new TransportError(timeoutMessage(request.timeoutMs), 'timeout');
    if (controller.signal.aborted) throw new TransportError('canceled', 'canceled');
    throw new TransportError(NETWORK_MESSAGE, 'network');
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', cancel);
  }
};
