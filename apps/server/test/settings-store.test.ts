import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app.js';

describe('settings store', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('keeps a string that holds JSON a string (tjDomains is a JSON string by contract)', async () => {
    await t.services.settings.update({ tjDomains: '["tj.example.com"]', webtitle: '[1]' });
    const { set } = await t.services.settings.publicSettings();
    expect(set.tjDomains).toBe('["tj.example.com"]');
    expect(set.webtitle).toBe('[1]');
  });

  it('OpenAPI generation survives routes without a schema', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
  });
});
