import { FILES_PATHS, HEADER_TOKEN } from '@tally/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOwner, newSite } from '../../test/analytics-factories.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { signedIn } from '../../test/factories.js';
import { multipart } from '../../test/multipart.js';

const CJK = /[\u4e00-\u9fff]/;
/** The web app keeps the interface language in this cookie and sends it in Accept-Language. */
const ZH = { cookie: 'language=zh' };
const EN = { cookie: 'language=en' };

describe('messages in the user language', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('words field validation of register in Chinese for the zh interface, with the field as the form labels it', async () => {
    const body = { username: 'x', email: 'nope', password: 'short' };
    const zh = await t.call('POST', '/api/v1/api2/auth/register', { body, headers: ZH });
    expect(zh.status).toBe(422);
    expect(zh.body.errors).toEqual({
      username: ['至少 3 个字符'],
      email: ['不是有效的邮箱地址'],
      password: ['至少 8 个字符'],
    });
    expect(zh.body.message).toBe('用户名: 至少 3 个字符');
    const en = await t.call('POST', '/api/v1/api2/auth/register', { body, headers: EN });
    expect(en.body.errors?.password).toEqual(['at least 8 characters']);
    expect(en.body.message).toBe('Username: at least 3 characters');
  });

  it('reads Accept-Language when there is no cookie; English otherwise', async () => {
    const body = { username: '', password: '' };
    const zh = await t.call('POST', '/api/v1/api2/auth/login', {
      body,
      headers: { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' },
    });
    expect(zh.body.errors?.username).toEqual(['必填']);
    const none = await t.call('POST', '/api/v1/api2/auth/login', { body });
    expect(none.body.errors?.username).toEqual(['required']);
  });

  it('words a wrong current password as the profile form labels it', async () => {
    const user = await signedIn(t);
    const body = { old_password: 'not my password', new_password: 'a new password 1' };
    const zh = await t.call('POST', '/api/v1/api2/user/changePassword', {
      token: user.token,
      body,
      headers: ZH,
    });
    expect(zh.status).toBe(422);
    expect(zh.body.errors).toEqual({ old_password: ['密码错误'] });
    expect(zh.body.message).toBe('当前密码: 密码错误');
    const en = await t.call('POST', '/api/v1/api2/user/changePassword', {
      token: user.token,
      body,
      headers: EN,
    });
    expect(en.body.message).toBe('Current password: wrong password');
  });

  it('words a site domain the schema refuses, and zod’s own messages (no message written), in Chinese', async () => {
    const owner = await newOwner(t);
    const bad = await t.call('POST', '/api/v1/api2/sites/save', {
      token: owner.token,
      body: { name: 'x', domains: ['not a domain!'], timezone: 'Asia/Shanghai' },
      headers: ZH,
    });
    expect(bad.body.errors?.['domains.0']).toEqual(['不是有效的域名']);
    expect(bad.body.message).toBe('域名: 不是有效的域名');
    const site = await newSite(t, owner);
    const typed = await t.call('POST', '/api/v1/api2/sites/switch', {
      token: owner.token,
      body: { id: site.id, status: 'maybe' },
      headers: ZH,
    });
    expect(typed.status).toBe(422);
    for (const messages of Object.values(typed.body.errors ?? {}))
      for (const m of messages) expect(m).toMatch(CJK);
  });

  it('words a refused file type and a revoked share link in Chinese', async () => {
    const admin = await signedIn(t, ['admin']);
    const { payload, headers } = multipart([
      { filename: 'page.html', content: '<html><script>alert(1)</script>' },
    ]);
    const upload = await t.app.inject({
      method: 'POST',
      url: FILES_PATHS.upload,
      payload,
      headers: { ...headers, ...ZH, [HEADER_TOKEN]: admin.token },
    });
    expect(upload.statusCode).toBe(422);
    expect(upload.json().errors.file).toEqual(['page.html：不支持的文件类型']);
    expect(upload.json().message).toBe('文件: page.html：不支持的文件类型');

    const revoked = await t.call('POST', '/api/v1/api2/auth/share', {
      body: { token: 'no-such-link' },
      headers: ZH,
    });
    expect(revoked.status).toBe(404);
    expect(revoked.body.message).toBe('该分享链接不存在或已被撤销。');
  });
});
