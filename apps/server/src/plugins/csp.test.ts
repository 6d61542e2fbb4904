import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';

describe('Content-Security-Policy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each([
    ['the API', '/api/v1/api2/setting/public'],
    ['a page', '/login'],
    ['an unknown upload', '/uploads/missing.png'],
  ])('is sent with %s, strict on scripts, plugins, base and framing', async (_name, url) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    const policy = String(res.headers['content-security-policy'] ?? '');
    const directives = Object.fromEntries(
      policy.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values.join(' ')];
      }),
    );
    expect(directives).toMatchObject({
      'default-src': "'self'",
      'script-src': "'self'",
      'object-src': "'none'",
      'base-uri': "'self'",
      'frame-ancestors': "'self'",
    });
    expect(policy).not.toContain('upgrade-insecure-requests');
  });
});
