import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FILES_PATHS, HEADER_TOKEN } from '@tally/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { count, signedIn } from '../../../test/factories.js';
import { SAMPLES } from '../../../test/multipart.js';

const B = 'tallyboundary123';
const part = (boundary: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
const png = SAMPLES.png.toString('latin1');

/** Bodies a broken or hostile client sends: each must be a 400, not a 500, and store nothing. */
const MALFORMED: [name: string, contentType: string, body: string][] = [
  ['no boundary', 'multipart/form-data', `${part(B)}${png}\r\n--${B}--\r\n`],
  ['an empty boundary', 'multipart/form-data; boundary=', `${part(B)}${png}\r\n--${B}--\r\n`],
  ['a mismatched boundary', `multipart/form-data; boundary=${B}`, `${part('other')}${png}\r\n--other--\r\n`],
  ['no closing boundary', `multipart/form-data; boundary=${B}`, `${part(B)}${png}`],
  [
    'a closing boundary that differs',
    `multipart/form-data; boundary=${B}`,
    `${part(B)}${png}\r\n--${B}x--\r\n`,
  ],
  [
    'truncated part headers',
    `multipart/form-data; boundary=${B}`,
    `--${B}\r\nContent-Disposition: form-data; name="file"; filena`,
  ],
  [
    'headers without their blank line',
    `multipart/form-data; boundary=${B}`,
    `--${B}\r\nContent-Type: image/png\r\n`,
  ],
];

describe('uploads: malformed requests are client errors', () => {
  let t: TestApp;
  let token: string;
  let web: string;

  beforeAll(async () => {
    // A built web app, as in production: its page fallback is what /uploads/<name> fell into.
    web = await mkdtemp(path.join(tmpdir(), 'tally-web-'));
    await writeFile(path.join(web, 'index.html'), '<!doctype html><title>Tally</title>');
    t = await createTestApp({ WEB_DIST: web });
    token = (await signedIn(t, ['admin'])).token;
  });
  afterAll(async () => {
    await t.close();
    await rm(web, { recursive: true, force: true });
  });

  it('a missing upload is 404 with or without an extension, never a page or a 500', async () => {
    for (const url of ['/uploads/nosuchfile', '/uploads/nosuchfile.png', '/uploads/a/b', '/uploads/a.']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(404);
    }
    // Pages keep their fallback to the app.
    expect((await t.app.inject({ method: 'GET', url: '/dashboard' })).statusCode).toBe(200);
  });

  for (const url of [FILES_PATHS.upload, FILES_PATHS.uploadImage]) {
    it.each(MALFORMED)(`${url}: %s is a 400 and stores nothing`, async (_name, contentType, body) => {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': contentType, [HEADER_TOKEN]: token },
        payload: Buffer.from(body, 'latin1'),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 400 });
      expect(await count(t, 'files')).toBe(0);
    });
  }
});
