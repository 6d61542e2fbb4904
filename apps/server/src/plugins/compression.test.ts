import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../../../scripts/precompress.mjs';
import { createTestApp, type TestApp } from '../../test/app.js';

/** A built web app in miniature: an index.html and one hashed asset, precompressed as the build does. */
function webDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tally-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><title>Tally</title>${'<meta name="x" content="padding">'.repeat(40)}<script type="module" src="/assets/index-abc123.js"></script>`,
  );
  writeFileSync(
    path.join(dir, 'assets/index-abc123.js'),
    `export const x = ${JSON.stringify('tally '.repeat(2000))};\n`,
  );
  writeFileSync(path.join(dir, 'assets/tiny-abc123.js'), 'export {};\n');
  precompress(dir);
  return dir;
}

describe('compression', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = webDist();
    t = await createTestApp({ WEB_DIST: dist, API_DOCS: 'public' });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { accept: 'text/html', ...(encoding ? { 'accept-encoding': encoding } : {}) },
    });

  it('sends a built asset precompressed as br, else gzip, else as it is; immutable and Vary: Accept-Encoding', async () => {
    const br = await get('/assets/index-abc123.js', 'br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('export const x');
    expect(br.rawPayload.length).toBeLessThan(1000);
    const gz = await get('/assets/index-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    // Sent as built, not compressed a second time.
    expect(gunzipSync(gz.rawPayload).toString()).toContain('export const x');
    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(12_000);
    for (const res of [br, gz, plain]) {
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(res.headers['content-type']).toMatch(/javascript/);
    }
  });

  it('sends index.html compressed and revalidated, by its name and as the fallback of a client route', async () => {
    for (const url of ['/index.html', '/dashboard']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(brotliDecompressSync(res.rawPayload).toString()).toContain('/assets/index-abc123.js');
    }
  });

  it('compresses API answers above the threshold, not small ones', async () => {
    const big = await get('/api/docs/json', 'gzip');
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(big.rawPayload).toString()).openapi).toMatch(/^3\./);
    const small = await get('/api/v1/api2/setting/public', 'br, gzip');
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('compresses the tracker for a br-only browser too', async () => {
    const res = await get('/tj.js', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toMatch(/sendBeacon|fetch/);
  });
});
