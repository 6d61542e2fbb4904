import { SETTINGS_PATHS } from '@tally/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { signedIn } from '../../../test/factories.js';

describe('setting/save with a key that is no setting', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedIn(t, ['admin']);
  });
  afterAll(() => t.close());

  const save = (body: unknown, lang: string) =>
    t.call('POST', SETTINGS_PATHS.save, { token: admin.token, body, headers: { 'accept-language': lang } });

  it('names the key in en and zh (it answered "body: invalid") and changes nothing', async () => {
    const before = (await t.call('GET', SETTINGS_PATHS.fetch, { token: admin.token })).body.data;
    const en = await save({ webtitle: 'Changed', foo: 1 }, 'en-US');
    expect([en.status, en.body.errors]).toEqual([422, { body: ['unknown setting: foo'] }]);
    expect(en.body.message).toBe('Request: unknown setting: foo');
    const zh = await save({ foo: 1, bar: 2 }, 'zh-CN');
    expect([zh.status, zh.body.errors]).toEqual([422, { body: ['未知的设置项：foo, bar'] }]);
    expect(zh.body.message).toBe('请求内容: 未知的设置项：foo, bar');
    expect((await t.call('GET', SETTINGS_PATHS.fetch, { token: admin.token })).body.data).toEqual(before);
  });
});
