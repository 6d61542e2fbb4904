import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fakeRequestEffects as effects } from '../test/fake-request-effects';
import { createRequestClient } from './request-client';

/** What the upload handler received. */
const received: { headers: Headers; site: unknown; hasFile: boolean }[] = [];

const server = setupServer(
  http.post('/api/upload', async ({ request }) => {
    const form = await request.formData();
    // (A jsdom Blob's bytes do not survive msw's copy into undici's FormData: the file part is only
    // checked for being there; its bytes are checked in the browser, e2e/specs/files.spec.ts.)
    received.push({ headers: request.headers, site: form.get('site'), hasFile: form.has('file') });
    return HttpResponse.json({ code: 200, message: 'ok', data: { list: [{ name: 'a.txt' }] } });
  }),
  http.post('/api/refused', () =>
    HttpResponse.json({ code: 422, message: 'bad', errors: { file: ['too big'] } }, { status: 422 }),
  ),
  http.post('/api/down', () => HttpResponse.error()),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  received.splice(0);
});
afterAll(() => server.close());

function upload(path: string, progress: number[]) {
  const { fx } = effects('up-token');
  const client = createRequestClient(fx, {}, () => {
    throw new Error('an upload with progress must not go through fetch');
  });
  const body = new FormData();
  body.append('site', '7');
  body.append('file', new Blob(['hello']), 'a.txt');
  return { fx, sent: client.post(path, body, { onUploadProgress: (p) => progress.push(p) }) };
}

describe('uploads with progress (XMLHttpRequest)', () => {
  it('sends the multipart body with the session headers and reads the envelope', async () => {
    const progress: number[] = [];
    const { sent } = upload('/api/upload', progress);
    const response = await sent;
    expect(response.data.data).toEqual({ list: [{ name: 'a.txt' }] });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(received[0]).toMatchObject({ site: '7', hasFile: true });
    expect(received[0]?.headers.get('x-token')).toBe('up-token');
    expect(received[0]?.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    // The upload's progress events, in percent, up to the whole body.
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)).toBe(100);
    expect(progress.every((p, i) => i === 0 || p >= progress[i - 1]!)).toBe(true);
  });
  it('reports a refused upload through the same error catalogue (422 field errors)', async () => {
    const { fx, sent } = upload('/api/refused', []);
    await expect(sent).rejects.toMatchObject({ status: 422, errors: { file: ['too big'] } });
    expect(fx.notifyError).toHaveBeenCalledWith('请求失败(422)', expect.stringContaining('too big'));
  });
  it('reports a failed connection as 请求失败 / Network Error', async () => {
    const { fx, sent } = upload('/api/down', []);
    await expect(sent).rejects.toMatchObject({ status: null, message: 'Network Error' });
    expect(fx.notifyError).toHaveBeenCalledWith('请求失败', 'Network Error');
  });
});
