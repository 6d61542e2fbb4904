import { SHORT_LINK_PATHS } from '@tally/contracts';
import { describe, expect, it } from 'vitest';
import { withAdminApp } from '../../../test/factories.js';

describe('a short link target is stored as the URL parser writes it (new URL(x).href)', () => {
  const app = withAdminApp();

  it('an internationalised, mixed-case target is stored, answered and redirected to in its parsed form', async () => {
    const typed = 'HTTPS://例子.测试/路径?q=值#片段';
    const href = new URL(typed).href;
    expect(href).toBe('https://xn--fsqu00a.xn--0zwm56d/%E8%B7%AF%E5%BE%84?q=%E5%80%BC#%E7%89%87%E6%AE%B5');
    const res = await app.t.call('POST', SHORT_LINK_PATHS.save, {
      token: app.admin.token,
      body: { code: 'idn-1', target: typed, title: 'IDN' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.target).toBe(href);
    const [row] = await app.t.db.query<{ target: string }>('select target from short_links where code = $1', [
      'idn-1',
    ]);
    expect(row?.target).toBe(href);
    const hop = await app.t.app.inject({
      method: 'GET',
      url: '/s/idn-1',
      headers: { 'user-agent': 'Mozilla/5.0' },
    });
    expect([hop.statusCode, hop.headers.location]).toEqual([302, href]);

    // An update is stored the same way.
    const updated = await app.t.call('POST', SHORT_LINK_PATHS.save, {
      token: app.admin.token,
      body: { id: res.body.data.id, code: 'idn-1', target: 'http://Example.COM', title: 'IDN' },
    });
    expect(updated.body.data.target).toBe('http://example.com/');
  });
});
