import { CRYPT_TEST_VECTOR as V } from '@tally/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeRequestEffects as effects } from '../test/fake-request-effects';
import {
  createRequestClient,
  FORBIDDEN_RELOAD_WINDOW_MS,
  REQUEST_TIMEOUT_MS,
  type RequestEffects,
} from './request-client';
import { RequestError } from './request-error';

type Reply = { status: number; data: unknown; headers?: Record<string, string> } | { network: string };

/** A request as the stubbed fetch saw it. */
interface Seen {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
  signal: AbortSignal;
}

/** The body as a server writes it: JSON, or a string as is (a WAF page). */
const wire = (data: unknown) => (typeof data === 'string' ? data : JSON.stringify(data));

/**
 * A client whose fetch (the real transport, over a stubbed global fetch) answers with `reply` and
 * records the requests it saw.
 */
function clientWith(fx: RequestEffects, reply: Reply) {
  const client = createRequestClient(fx);
  const seen: Seen[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    seen.push({
      url,
      method: String(init.method),
      headers: new Headers(init.headers),
      body: init.body,
      signal: init.signal as AbortSignal,
    });
    if ('network' in reply) throw new TypeError(reply.network);
    return new Response(wire(reply.data), { status: reply.status, headers: reply.headers });
  });
  vi.stubGlobal('fetch', fetch);
  return { client, seen, fetch };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const ok = (data: unknown, extra: object = {}) => ({
  status: 200,
  data: { code: 200, message: 'ok', data, ...extra },
});

describe('request headers and loading flag', () => {
  it('sends the token and a random number', async () => {
    const { fx } = effects('tok-1');
    const { client, seen } = clientWith(fx, ok(null));
    await client.get('/x');
    await client.get('/x');
    expect(seen[0]?.headers.get('x-token')).toBe('tok-1');
    const randoms = seen.map((c) => c.headers.get('x-random'));
    expect(Number.isNaN(Number(randoms[0]))).toBe(false);
    expect(randoms[0]).not.toBe(randoms[1]);
    expect(seen[0]?.headers.get('Accept')).toBe('application/json, text/plain, */*');
  });
  it('gives up after 15 s with 请求失败 and the timeout, like axios said it', async () => {
    vi.useFakeTimers();
    const { fx } = effects('t');
    const { client, seen, fetch } = clientWith(fx, ok(null));
    // A server that never answers: only the abort ends the call.
    fetch.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          seen.push({ url: _url, method: 'GET', headers: new Headers(), body: null, signal: init.signal! });
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = client.get('/x').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(seen[0]?.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error).toBeInstanceOf(RequestError);
    expect(error).toMatchObject({ status: null, message: `timeout of ${REQUEST_TIMEOUT_MS}ms exceeded` });
    expect(fx.notifyError).toHaveBeenCalledWith('请求失败', `timeout of ${REQUEST_TIMEOUT_MS}ms exceeded`);
  });
  it('rejects a call its caller cancelled with RequestError(canceled), telling nobody', async () => {
    const { fx, state } = effects('t');
    const { client, fetch } = clientWith(fx, ok(null));
    fetch.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const controller = new AbortController();
    const pending = client.get('/x', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ message: 'canceled', status: null });
    const already = client.get('/x', { signal: controller.signal });
    await expect(already).rejects.toMatchObject({ message: 'canceled', status: null });
    expect(fx.notifyError).not.toHaveBeenCalled();
    expect(state.loading).toEqual([1, 0, 1, 0]);
  });
  it('writes GET params into the query and POST bodies as JSON', async () => {
    const { fx } = effects();
    const { client, seen } = clientWith(fx, ok(null));
    await client.get('/api/x', { params: { a: 1, b: 'x y', c: undefined, d: true } });
    expect(seen[0]?.url).toBe(`${location.origin}/api/x?a=1&b=x+y&d=true`);
    expect(seen[0]?.method).toBe('GET');
    expect(seen[0]?.body).toBeUndefined();
    await client.post('/api/y', { name: 'n', list: [1] });
    expect(seen[1]?.method).toBe('POST');
    expect(seen[1]?.body).toBe('{"name":"n","list":[1]}');
    expect(seen[1]?.headers.get('Content-Type')).toBe('application/json');
    const form = new FormData();
    await client.post('/api/z', form);
    expect(seen[2]?.body).toBe(form);
    // The browser writes the multipart boundary into Content-Type: the client must not set it.
    expect(seen[2]?.headers.has('Content-Type')).toBe(false);
  });
  it('hands a file over as a Blob with its headers, and an error answer of a file call as its message', async () => {
    const { fx } = effects('t');
    const disposition = 'attachment; filename="sites.csv"';
    const { client } = clientWith(fx, {
      status: 200,
      data: 'a,b\n1,2\n',
      headers: { 'content-disposition': disposition, 'content-type': 'text/csv' },
    });
    const file = await client.get<Blob>('/x', { responseType: 'blob' });
    // (fetch's Blob here is Node's, not jsdom's: checked by what it holds, not by its class.)
    expect(file.data).toMatchObject({ size: 8, type: 'text/csv' });
    expect(await file.data.text()).toBe('a,b\n1,2\n');
    expect(file.headers.get('content-disposition')).toBe(disposition);
    const errors = { tz: ['unknown time zone'] };
    const refused = clientWith(fx, { status: 422, data: { code: 422, message: 'tz: bad', errors } }).client;
    await expect(refused.get('/x', { responseType: 'blob' })).rejects.toMatchObject({ status: 422, errors });
    expect(fx.notifyError).toHaveBeenCalledWith('请求失败(422)', 'tz: unknown time zone');
  });
  it('sends no token header when signed out', async () => {
    const { fx } = effects('');
    const { client, seen } = clientWith(fx, ok(null));
    await client.get('/x');
    expect(seen[0]?.headers.has('x-token')).toBe(false);
  });
  it('raises the loading flag unless the request is marked as loading, and always lowers it', async () => {
    const { fx, state } = effects();
    const { client } = clientWith(fx, ok(null));
    await client.get('/x');
    await client.get('/x', { loading: true });
    expect(state.loading).toEqual([1, 0, 0]);
    const failing = clientWith(fx, { status: 500, data: { code: 500, message: 'boom' } }).client;
    await expect(failing.get('/x')).rejects.toBeInstanceOf(RequestError);
    expect(state.loading.at(-1)).toBe(0);
  });
});

describe('response rules', () => {
  it('decrypts a crypt payload with the token the request sent (shared vector)', async () => {
    const { fx } = effects(V.token);
    const { client } = clientWith(fx, ok(V.sealed.data, { crypt: 1, key: V.sealed.key }));
    const response = await client.get('/x');
    expect(response.data.data).toEqual(V.value);
  });
  it('refuses a crypt payload sealed for another token', async () => {
    const { fx } = effects('someone-else');
    const { client } = clientWith(fx, ok(V.sealed.data, { crypt: 1, key: V.sealed.key }));
    await expect(client.get('/x')).rejects.toBeInstanceOf(RequestError);
    expect(fx.notifyError).toHaveBeenCalledWith('请求失败', expect.any(String));
  });
  it('reloads on a string body containing _guard', async () => {
    const { fx } = effects();
    const { client } = clientWith(fx, { status: 200, data: '<html><script>var _guard=1</script></html>' });
    await expect(client.get('/x')).rejects.toBeInstanceOf(RequestError);
    expect(fx.reload).toHaveBeenCalledOnce();
  });
  it('passes other string bodies through without reloading', async () => {
    const { fx } = effects();
    const { client } = clientWith(fx, { status: 200, data: 'plain text' });
    await expect(client.get('/x')).resolves.toMatchObject({ data: 'plain text' });
    expect(fx.reload).not.toHaveBeenCalled();
  });
  it('stores a renewed x_token', async () => {
    const { fx, state } = effects('old');
    const { client } = clientWith(fx, ok({ a: 1 }, { x_token: 'new' }));
    await client.get('/x');
    expect(fx.storeToken).toHaveBeenCalledWith('new');
    expect(state.token).toBe('new');
  });
  it('pushes data.set and data.ads into user state', async () => {
    const { fx } = effects();
    const set = { webtitle: 'T', webclose: 0 };
    const ads = [{ id: 'a' }];
    const { client } = clientWith(fx, ok({ set, ads }));
    await client.get('/x');
    expect(fx.applyPublic).toHaveBeenCalledWith({ set, ads });
    expect(fx.leaveForFiling).not.toHaveBeenCalled();
  });
  it('leaves for /beian.html when webclose is 1', async () => {
    const { fx } = effects();
    const { client } = clientWith(fx, ok({ set: { webclose: 1 } }));
    await client.get('/x');
    expect(fx.leaveForFiling).toHaveBeenCalledOnce();
  });
  it('leaves without an error notification when a call is refused because the site is closed', async () => {
    const { fx } = effects('user-token');
    const closed = { code: 503, message: 'closed', data: { set: { webclose: 1 }, ads: [] } };
    const { client } = clientWith(fx, { status: 503, data: closed });
    await expect(client.get('/x')).rejects.toMatchObject({ status: 503 });
    expect(fx.leaveForFiling).toHaveBeenCalledOnce();
    expect(fx.notifyError).not.toHaveBeenCalled();
  });
  it('leaves statuses the caller shows itself unreported', async () => {
    const { fx } = effects();
    const { client } = clientWith(fx, { status: 404, data: { code: 404, message: 'no such article' } });
    await expect(client.get('/x', { quietStatuses: [404] })).rejects.toMatchObject({ status: 404 });
    expect(fx.notifyError).not.toHaveBeenCalled();
    await expect(client.get('/x')).rejects.toMatchObject({ status: 404 });
    expect(fx.notifyError).toHaveBeenCalledWith('请求失败(404)', 'no such article');
  });
  it('keeps admins (by the user/info answer or the session) and /login on a closed site', async () => {
    const { fx, state } = effects();
    const closed = { set: { webclose: 1 } };
    await clientWith(fx, ok({ ...closed, userInfo: { is_admin: 1, roles: ['admin'] } })).client.get('/x');
    expect(fx.leaveForFiling).not.toHaveBeenCalled();
    state.staysWhenClosed = true;
    await clientWith(fx, ok(closed)).client.get('/x');
    expect(fx.leaveForFiling).not.toHaveBeenCalled();
    state.staysWhenClosed = false;
    await clientWith(fx, ok({ ...closed, userInfo: { is_admin: 0, roles: ['user'] } })).client.get('/x');
    expect(fx.leaveForFiling).toHaveBeenCalledOnce();
  });
  it('clears the token and goes to /login on body code 403', async () => {
    const { fx } = effects('stale');
    const { client } = clientWith(fx, { status: 200, data: { code: 403, message: 'expired', data: null } });
    await expect(client.get('/x')).rejects.toMatchObject({ code: 403 });
    expect(fx.clearToken).toHaveBeenCalledOnce();
    expect(fx.navigate).toHaveBeenCalledWith('/login');
    expect(fx.reload).not.toHaveBeenCalled();
  });
  it('sends a share-link client whose session was refused where its effects say, not to /login', async () => {
    const { fx, state } = effects('rotated-link-session');
    state.refusedSessionPath = '/share?ended=1';
    const { client } = clientWith(fx, { status: 200, data: { code: 403, message: 'gone', data: null } });
    await expect(client.get('/x')).rejects.toMatchObject({ code: 403 });
    expect(fx.clearToken).toHaveBeenCalledOnce();
    expect(fx.navigate).toHaveBeenCalledExactlyOnceWith('/share?ended=1');
  });
  it('leaves alone a session that ended here while the call was in flight (logout, or a new sign-in)', async () => {
    const { fx, state } = effects('client-session');
    state.refusedSessionPath = '/share?ended=1';
    const { client, fetch } = clientWith(fx, {
      status: 200,
      data: { code: 403, message: 'gone', data: null },
    });
    const answer = fetch.getMockImplementation()!;
    fetch.mockImplementation(async (url, init) => {
      state.token = ''; // logged out while the call was on its way
      return answer(url, init);
    });
    await expect(client.get('/x')).rejects.toMatchObject({ code: 403 });
    expect(fx.clearToken).not.toHaveBeenCalled();
    expect(fx.navigate).not.toHaveBeenCalled();
  });
});

describe('error catalogue', () => {
  it('reloads on HTTP 403', async () => {
    const { fx } = effects('t');
    const { client } = clientWith(fx, { status: 403, data: { code: 403, message: 'forbidden', data: null } });
    await expect(client.get('/x')).rejects.toMatchObject({ status: 403 });
    expect(fx.reload).toHaveBeenCalledOnce();
    expect(fx.clearToken).not.toHaveBeenCalled();
  });
  it('does not reload twice within the window, so a forbidden page cannot loop', async () => {
    const { fx, state } = effects('t');
    state.sinceReload = FORBIDDEN_RELOAD_WINDOW_MS - 1;
    const { client } = clientWith(fx, { status: 403, data: { code: 403, message: 'forbidden', data: null } });
    await expect(client.get('/x')).rejects.toBeInstanceOf(RequestError);
    expect(fx.reload).not.toHaveBeenCalled();
    expect(fx.notifyError).toHaveBeenCalledWith('请求失败(403)', 'forbidden');
  });
  it('goes to /sites/select on HTTP 501', async () => {
    const { fx } = effects('t');
    const { client } = clientWith(fx, { status: 501, data: { code: 501, message: 'no site', data: null } });
    await expect(client.get('/x')).rejects.toMatchObject({ status: 501 });
    expect(fx.navigate).toHaveBeenCalledWith('/sites/select');
    expect(fx.notifyError).not.toHaveBeenCalled();
  });
  it('shows the errors field under 请求失败(422)', async () => {
    const { fx } = effects();
    const errors = { email: ['not a valid email address'], password: ['at least 8 characters', 'x'] };
    const { client } = clientWith(fx, {
      status: 422,
      data: { code: 422, message: 'invalid', data: null, errors },
    });
    await expect(client.post('/x', {})).rejects.toMatchObject({ status: 422, errors });
    expect(fx.notifyError).toHaveBeenCalledWith(
      '请求失败(422)',
      'Email: not a valid email address\nPassword: at least 8 characters, x',
    );
  });
  it('asks for messages in the interface language and names fields as the zh forms label them', async () => {
    const { fx, state } = effects();
    state.language = 'zh';
    const errors = { old_password: ['密码错误'], 'domains.0': ['不是有效的域名'] };
    const { client, seen } = clientWith(fx, {
      status: 422,
      data: { code: 422, message: 'x', data: null, errors },
    });
    await expect(client.post('/x', {})).rejects.toMatchObject({ status: 422 });
    expect(seen[0]?.headers.get('Accept-Language')).toBe('zh-CN');
    expect(fx.notifyError).toHaveBeenCalledWith('请求失败(422)', '当前密码: 密码错误\n域名: 不是有效的域名');
  });
  it('shows 请求失败({status}) with the message for other statuses', async () => {
    const { fx } = effects();
    const { client } = clientWith(fx, { status: 429, data: { code: 429, message: 'slow down', data: null } });
    await expect(client.get('/x')).rejects.toMatchObject({ status: 429, message: 'slow down' });
    expect(fx.notifyError).toHaveBeenCalledWith('请求失败(429)', 'slow down');
  });
  it('shows 请求失败 with the error when there is no response', async () => {
    const { fx } = effects();
    const { client } = clientWith(fx, { network: 'Failed to fetch' });
    await expect(client.get('/x')).rejects.toMatchObject({ status: null, message: 'Network Error' });
    expect(fx.notifyError).toHaveBeenCalledWith('请求失败', 'Network Error');
  });
  it('lets a call the page cut off by leaving fail silently: no notice, no rejection to act on', async () => {
    const { fx } = effects('t');
    const { client } = clientWith(fx, { network: 'Failed to fetch' });
    window.dispatchEvent(new Event('pagehide'));
    const settled = vi.fn();
    client.get('/x').then(settled, settled);
    await new Promise((resolve) => setTimeout(resolve, 50));
    window.dispatchEvent(new Event('pageshow'));
    expect(settled).not.toHaveBeenCalled();
    expect(fx.notifyError).not.toHaveBeenCalled();
    // Back from the back/forward cache, the page reports failures again.
    await expect(client.get('/x')).rejects.toMatchObject({ message: 'Network Error' });
  });
  it('words an error answer without a message the way axios did', async () => {
    const { fx } = effects();
    const { client } = clientWith(fx, { status: 502, data: '<html>Bad gateway</html>' });
    await expect(client.get('/x')).rejects.toMatchObject({ status: 502, code: null });
    expect(fx.notifyError).toHaveBeenCalledWith('请求失败(502)', 'Request failed with status code 502');
  });
});

describe('effects wiring', () => {
  it('the app client stores a renewed token in the x-token cookie', async () => {
    const { request } = await import('./request');
    vi.stubGlobal(
      'fetch',
      async () => new Response(wire({ code: 200, message: 'ok', data: null, x_token: 'cookie-token' })),
    );
    await request.get('/x');
    expect(document.cookie).toContain('x-token=cookie-token');
  });
});
