import { SETTINGS_PATHS } from '@tally/contracts';
import { describe, expect, it } from 'vitest';
import { withAdminApp } from '../../../test/factories.js';

describe('setting/save with a key that is no setting', () => {
  const app = withAdminApp();

  const save = (body: unknown, lang: string) =>
    app.t.call('POST', SETTINGS_PATHS.save, {
      token: app.admin.token,
      body,
      headers: { 'accept-language': lang },
    });

  it('names the key in en and zh (it answered "body: invalid") and changes nothing', async () => {
    const before = (await app.t.call('GET', SETTINGS_PATHS.fetch, { token: app.admin.token })).body.data;
    const en = await save({ webtitle: 'Changed', foo: 1 }, 'en-US');
    expect([en.status, en.body.errors]).toEqual([422, { body: ['unknown setting: foo'] }]);
    expect(en.body.message).toBe('Request: unknown setting: foo');
    const zh = await save({ foo: 1, bar: 2 }, 'zh-CN');
    expect([zh.status, zh.body.errors]).toEqual([422, { body: ['未知的设置项：foo, bar'] }]);
    expect(zh.body.message).toBe('请求内容: 未知的设置项：foo, bar');
    expect((await app.t.call('GET', SETTINGS_PATHS.fetch, { token: app.admin.token })).body.data).toEqual(
      before,
    );
  });
});
