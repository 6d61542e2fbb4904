import { ADMIN_ORDER_PATHS, ADMIN_TICKET_PATHS } from '@tally/contracts';
import { describe, expect, it } from 'vitest';
import { withAdminApp } from './factories.js';

// The `user` filter of 交易订单 and 工单管理 is a user id (digits) or part of a name or email.
describe('admin order and ticket lists: a user id too long for the id column is a 422, not a 500', () => {
  const app = withAdminApp();

  for (const [name, path] of [
    ['orders/fetch', ADMIN_ORDER_PATHS.fetch],
    ['tickets/fetch', ADMIN_TICKET_PATHS.fetch],
  ] as const)
    it(`${name}?user=99999999999999999999 answers 422 on user, in en and zh; 15 digits still search`, async () => {
      const en = await app.t.call('GET', `${path}?user=99999999999999999999`, { token: app.admin.token });
      expect([en.status, en.body.errors]).toEqual([422, { user: ['a user id has at most 15 digits'] }]);
      expect(en.body.message).toBe('User: a user id has at most 15 digits');
      const zh = await app.t.call('GET', `${path}?user=99999999999999999999`, {
        token: app.admin.token,
        headers: { 'accept-language': 'zh-CN' },
      });
      expect([zh.status, zh.body.message]).toEqual([422, '用户: 用户编号最多 15 位数字']);
      const fits = await app.t.call('GET', `${path}?user=999999999999999`, { token: app.admin.token });
      expect([fits.status, fits.body.data.total]).toEqual([200, 0]);
      const byName = await app.t.call('GET', `${path}?user=${app.admin.username}`, {
        token: app.admin.token,
      });
      expect(byName.status).toBe(200);
    });
});
