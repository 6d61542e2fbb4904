import { ADMIN_USER_PATHS, USER_PATHS, WALLET_PATHS } from '@tally/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOwner, newSite } from '../../../test/analytics-factories.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { captcha, countRows, login, newUser, signedIn } from '../../../test/factories.js';

type Signed = Awaited<ReturnType<typeof signedIn>>;

const TABLES = ['users', 'sessions', 'audit_log', 'ledger_entries'];

describe('用户管理 (/api/v1/admin/user/…)', () => {
  let t: TestApp;
  let admin: Signed;
  const get = (path: string, query = '', token = admin.token) => t.call('GET', `${path}?${query}`, { token });
  const post = (path: string, body: unknown, token = admin.token, lang?: string) =>
    t.call('POST', path, { token, body, headers: lang ? { 'accept-language': lang } : {} });
  const ids = (res: { body: { data: { list: { id: number }[] } } }) => res.body.data.list.map((r) => r.id);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedIn(t, ['admin']);
  });
  afterAll(() => t.close());

  describe('who may call', () => {
    const CALLS: { method: 'GET' | 'POST'; path: string; body?: unknown; query?: string }[] = [
      { method: 'GET', path: ADMIN_USER_PATHS.fetch },
      { method: 'GET', path: ADMIN_USER_PATHS.detail, query: 'id=1' },
      { method: 'GET', path: ADMIN_USER_PATHS.export },
      {
        method: 'POST',
        path: ADMIN_USER_PATHS.save,
        body: { username: 'x_nobody', email: 'x@nobody.test', roles: ['user'] },
      },
      { method: 'POST', path: ADMIN_USER_PATHS.switch, body: { id: 1, status: 'banned' } },
      { method: 'POST', path: ADMIN_USER_PATHS.resetPassword, body: { id: 1 } },
      { method: 'POST', path: ADMIN_USER_PATHS.revokeSession, body: { id: 1, session_id: 1 } },
      {
        method: 'POST',
        path: ADMIN_USER_PATHS.adjustBalance,
        body: { id: 1, amount: '1', reason: 'role test' },
      },
      { method: 'GET', path: ADMIN_USER_PATHS.ledger, query: 'id=1' },
    ];

    it('anonymous, client, user, article_editor and banned callers reach none of the calls; nothing changes', async () => {
      const site = await newSite(t, await newOwner(t));
      const banned = await signedIn(t, ['admin']);
      await t.db.query(`update users set status = 'banned' where id = $1`, [banned.id]);
      const callers: [string, string | undefined, number, number][] = [
        // name, token, HTTP status, body code
        ['anonymous', undefined, 200, 403],
        [
          'client',
          await t.services.sessions.open({ kind: 'client', userId: null, siteId: site.id }),
          403,
          403,
        ],
        ['user', (await signedIn(t, ['user'])).token, 403, 403],
        ['article_editor', (await signedIn(t, ['article_editor'])).token, 403, 403],
        // A banned admin's session is over: the seed's token error (HTTP 200, code 403).
        ['banned', banned.token, 200, 403],
      ];
      const before = await countRows(t, TABLES);
      for (const [name, token, status, code] of callers)
        for (const call of CALLS) {
          const res = await t.call(call.method, `${call.path}?${call.query ?? ''}`, {
            token,
            body: call.body,
          });
          expect(res.status, `${name} ${call.path}`).toBe(status);
          expect(res.body.code, `${name} ${call.path}`).toBe(code);
          expect(res.body.data ?? null, `${name} ${call.path}`).toBeNull();
        }
      expect(await countRows(t, TABLES)).toEqual(before);
    });

    it('admins reach every call', async () => {
      const target = await newUser(t);
      for (const call of CALLS) {
        const body = call.body && {
          ...(call.body as object),
          ...('id' in (call.body as object) ? { id: target.id } : {}),
        };
        const query = call.query ? `id=${target.id}` : '';
        const res = await t.call(call.method, `${call.path}?${query}`, { token: admin.token, body });
        // revokeSession names a session the user does not have: 404, still past the access check.
        expect([200, 404], call.path).toContain(res.status);
        expect(res.status === 200 || res.body.code === 404, call.path).toBe(true);
      }
    });
  });

  describe('the list', () => {
    let a: Awaited<ReturnType<typeof newUser>>;
    let b: Awaited<ReturnType<typeof newUser>>;
    beforeAll(async () => {
      a = await newUser(t, { username: 'zeta_search_one' });
      b = await newUser(t, { username: 'omega_search_two', roles: ['article_editor'] });
      await t.db.query(
        `update users set balance = 12500000, created_at = '2026-01-05T10:00:00Z' where id = $1`,
        [a.id],
      );
      await t.db.query(
        `update users set status = 'banned', created_at = '2026-02-05T10:00:00Z' where id = $1`,
        [b.id],
      );
    });

    it('searches part of the email, username, invite code, or the id', async () => {
      expect(ids(await get(ADMIN_USER_PATHS.fetch, 'keyword=SEARCH_ONE@EXAMPLE'))).toEqual([a.id]);
      expect(ids(await get(ADMIN_USER_PATHS.fetch, 'keyword=_search_&sort=id'))).toEqual([a.id, b.id]);
      const [code] = await t.db.query<{ invite_code: string }>(
        `select invite_code from users where id = $1`,
        [b.id],
      );
      expect(
        ids(await get(ADMIN_USER_PATHS.fetch, `keyword=${code!.invite_code.slice(1, 7).toLowerCase()}`)),
      ).toContain(b.id);
      // Digits match the id, besides any email, name or code containing them.
      expect(ids(await get(ADMIN_USER_PATHS.fetch, `keyword=${a.id}`))).toContain(a.id);
      expect(ids(await get(ADMIN_USER_PATHS.fetch, 'keyword=100%25'))).toEqual([]);
    });

    it('filters by role, status, registration days and balance, and sorts', async () => {
      const q = (query: string) => get(ADMIN_USER_PATHS.fetch, `keyword=_search_&${query}`).then(ids);
      expect(await q('role=article_editor')).toEqual([b.id]);
      expect(await q('status=banned')).toEqual([b.id]);
      expect(await q('status=active')).toEqual([a.id]);
      expect(await q('from=2026-02-01&to=2026-02-05')).toEqual([b.id]);
      expect(await q('has_balance=1')).toEqual([a.id]);
      expect(await q('has_balance=0')).toEqual([b.id]);
      expect(await q('sort=-balance')).toEqual([a.id, b.id]);
      expect(await q('sort=created_at')).toEqual([a.id, b.id]);
      expect(await q('sort=-created_at')).toEqual([b.id, a.id]);
      const row = (await get(ADMIN_USER_PATHS.fetch, 'keyword=zeta_search_one')).body.data.list[0];
      expect(row).toMatchObject({
        username: 'zeta_search_one',
        balance: '12.5',
        commission_balance: '0',
        status: 'active',
        sites_count: 0,
      });
    });

    it('bad queries are 422 with field errors', async () => {
      for (const query of [
        'sort=password_hash',
        'role=client',
        'status=gone',
        'from=2026-02-30',
        'from=2026-03-02&to=2026-03-01',
        'has_balance=maybe',
        'limit=0',
        `keyword=${'k'.repeat(65)}`,
      ]) {
        const res = await get(ADMIN_USER_PATHS.fetch, query);
        expect(res.status, query).toBe(422);
        expect(Object.keys(res.body.errors ?? {}).length, query).toBeGreaterThan(0);
      }
    });

    it('exports the filtered list as streamed CSV, UTF-8 with a BOM, headings in the asked language', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `${ADMIN_USER_PATHS.export}?keyword=_search_&lang=en-US`,
        headers: { 'x-token': admin.token },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      const lines = res.body.split('\r\n');
      expect(lines[0]).toMatch(/^\uFEFFID,Username,Email,Roles,Status,Balance \(USDT\)/);
      expect(lines.slice(1, -1).map((l) => Number(l.split(',')[0]))).toEqual([a.id, b.id]);
      expect(lines[1]).toContain(',12.5,');
      const zh = await t.app.inject({
        method: 'GET',
        url: `${ADMIN_USER_PATHS.export}?status=banned`,
        headers: { 'x-token': admin.token },
      });
      expect(zh.body.startsWith('\uFEFFID,用户名,邮箱')).toBe(true);
    });
  });

  describe('changes', () => {
    it('creates a user with a generated password shown once, with an audit row', async () => {
      const res = await post(ADMIN_USER_PATHS.save, {
        username: 'made_by_admin',
        email: 'Made@Example.test',
        roles: ['user', 'article_editor'],
      });
      expect(res.status).toBe(200);
      const { user, password } = res.body.data;
      expect(user).toMatchObject({
        username: 'made_by_admin',
        email: 'made@example.test',
        roles: ['user', 'article_editor'],
      });
      expect(user.invite_code).toMatch(/^[A-Z0-9]{8}$/);
      expect(password).toMatch(/^.{12,}$/);
      await login(t, 'made_by_admin', password);
      const [audit] = await t.db.query<{ action: string; actor_id: number; after: { username: string } }>(
        `select action, actor_id::int as actor_id, after from audit_log where target = $1`,
        [`user:${user.id}`],
      );
      expect(audit).toMatchObject({
        action: 'users.create',
        actor_id: admin.id,
        after: { username: 'made_by_admin' },
      });
    });

    it('edits username, email and roles with before and after in the audit row', async () => {
      const u = await newUser(t);
      const res = await post(ADMIN_USER_PATHS.save, {
        id: u.id,
        username: `${u.username}x`,
        email: `x${u.email}`,
        roles: ['article_editor'],
      });
      expect(res.body.data.user).toMatchObject({
        username: `${u.username}x`,
        email: `x${u.email}`,
        roles: ['article_editor'],
      });
      const [audit] = await t.db.query<{ before: { roles: string[] }; after: { roles: string[] } }>(
        `select before, after from audit_log where action = 'users.update' and target = $1`,
        [`user:${u.id}`],
      );
      expect(audit).toEqual({
        before: expect.objectContaining({ roles: ['user'] }),
        after: expect.objectContaining({ roles: ['article_editor'] }),
      });
    });

    it('bad input is 422 with field errors in the caller language and changes nothing', async () => {
      const u = await newUser(t);
      const before = await countRows(t, TABLES);
      const bodies: [unknown, string][] = [
        [{ username: 'ok_name', email: 'not-mail', roles: ['user'] }, 'email'],
        [{ username: 'ok_name', email: 'ok@example.test', roles: [] }, 'roles'],
        [{ username: 'ok_name', email: 'ok@example.test', roles: ['client'] }, 'roles'],
        [{ username: 'ok_name', email: 'ok@example.test', roles: ['user', 'user'] }, 'roles'],
        [{ username: 'a', email: 'ok@example.test', roles: ['user'] }, 'username'],
        [{ username: u.username.toUpperCase(), email: 'ok@example.test', roles: ['user'] }, 'username'],
        [{ username: 'ok_name', email: u.email, roles: ['user'] }, 'email'],
        [{ id: 'x', username: 'ok_name', email: 'ok@example.test', roles: ['user'] }, 'id'],
      ];
      for (const [body, field] of bodies) {
        const res = await post(ADMIN_USER_PATHS.save, body);
        expect(res.status, JSON.stringify(body)).toBe(422);
        expect(
          Object.keys(res.body.errors ?? {}).some((k) => k.split('.')[0] === field),
          JSON.stringify(body),
        ).toBe(true);
      }
      const zh = await post(
        ADMIN_USER_PATHS.save,
        { username: 'ok_name', email: 'ok@example.test', roles: [] },
        admin.token,
        'zh-CN',
      );
      expect(zh.body.errors?.roles).toEqual(['请至少选择一个角色']);
      for (const body of [{ id: u.id, status: 'deleted' }, { id: -1, status: 'banned' }, {}]) {
        expect((await post(ADMIN_USER_PATHS.switch, body)).status).toBe(422);
      }
      expect((await post(ADMIN_USER_PATHS.switch, { id: 99_999_999, status: 'banned' })).status).toBe(404);
      expect(await countRows(t, TABLES)).toEqual(before);
    });

    it('a ban ends every session at once and the sign-in gets a clear message; unban lets in again', async () => {
      const u = await newUser(t);
      const token1 = await login(t, u.username, u.password);
      const token2 = await login(t, u.username, u.password);
      expect((await post(USER_PATHS.info, {}, token1)).body.code).toBe(200);
      const res = await post(ADMIN_USER_PATHS.switch, { id: u.id, status: 'banned' });
      expect(res.body.data).toMatchObject({ id: u.id, status: 'banned' });
      const [{ n }] = (await t.db.query<{ n: number }>(
        `select count(*)::int as n from sessions where user_id = $1`,
        [u.id],
      )) as [{ n: number }];
      expect(n).toBe(0);
      for (const token of [token1, token2])
        expect((await post(USER_PATHS.info, {}, token)).body.code).toBe(403);
      const signIn = async (lang: string) =>
        t.call('POST', '/api/v1/api2/auth/login', {
          body: { username: u.username, password: u.password, ...(await captcha(t)) },
          headers: { 'accept-language': lang },
        });
      const en = await signIn('en-US');
      expect(en.status).toBe(423);
      expect(en.body.message).toBe('This account has been banned. Please contact support.');
      expect((await signIn('zh-CN')).body.message).toBe('该账号已被封禁，请联系客服。');
      await post(ADMIN_USER_PATHS.switch, { id: u.id, status: 'active' });
      await login(t, u.username, u.password);
      const actions = await t.db.query<{ action: string }>(
        `select action from audit_log where target = $1 order by id`,
        [`user:${u.id}`],
      );
      expect(actions.map((r) => r.action)).toEqual(['users.ban', 'users.unban']);
    });

    it('an admin can neither drop their own admin role nor ban themselves', async () => {
      const me = await signedIn(t, ['admin']);
      await signedIn(t, ['admin']);
      const self = await post(
        ADMIN_USER_PATHS.save,
        { id: me.id, username: me.username, email: me.email, roles: ['user'] },
        me.token,
      );
      expect(self.status).toBe(422);
      expect(self.body.errors).toEqual({ roles: ['you cannot remove your own admin role'] });
      const ban = await post(ADMIN_USER_PATHS.switch, { id: me.id, status: 'banned' }, me.token, 'zh-CN');
      expect(ban.status).toBe(422);
      expect(ban.body.errors).toEqual({ status: ['不能封禁自己'] });
      expect((await post(USER_PATHS.info, {}, me.token)).body.data.userInfo.roles).toEqual(['admin']);
    });

    it('the last active admin can be neither demoted nor banned (banned admins do not count)', async () => {
      const solo = await createTestApp();
      try {
        const one = await signedIn(solo, ['admin']);
        const two = await signedIn(solo, ['admin']);
        const banned = await signedIn(solo, ['admin']);
        // Any other admin (the first start's) is banned: `one` and `two` are the active admins.
        await solo.db.query(`update users set status = 'banned' where id not in ($1, $2)`, [one.id, two.id]);
        const body = (u: Signed) => ({ id: u.id, username: u.username, email: u.email, roles: ['user'] });
        // Two active admins: one may demote the other, which leaves `one` the last.
        expect(
          (await solo.call('POST', ADMIN_USER_PATHS.save, { token: one.token, body: body(two) })).status,
        ).toBe(200);
        const before = await countRows(solo, TABLES);
        // Another admin acting on `one` (through the service: a banned admin has no session) is refused.
        const actor = { userId: banned.id, ip: '127.0.0.1' };
        await expect(solo.services.userAdmin.setStatus(one.id, 'banned', actor)).rejects.toMatchObject({
          status: 422,
          errors: { status: ['the last active admin cannot be banned'] },
        });
        await expect(solo.services.userAdmin.save(body(one) as never, actor)).rejects.toMatchObject({
          status: 422,
          errors: { roles: ['the last active admin must stay an admin'] },
        });
        expect(await countRows(solo, TABLES)).toEqual(before);
        // A banned admin may be demoted: it is not the last active one.
        await solo.services.userAdmin.save(body(banned) as never, { userId: one.id, ip: '127.0.0.1' });
      } finally {
        await solo.close();
      }
    });

    it('two admins banning each other at once: one ban passes, the last active admin stays', async () => {
      const solo = await createTestApp();
      try {
        const a = await signedIn(solo, ['admin']);
        const b = await signedIn(solo, ['admin']);
        await solo.db.query(`update users set status = 'banned' where id not in ($1, $2)`, [a.id, b.id]);
        const results = await Promise.allSettled([
          solo.services.userAdmin.setStatus(b.id, 'banned', { userId: a.id, ip: '127.0.0.1' }),
          solo.services.userAdmin.setStatus(a.id, 'banned', { userId: b.id, ip: '127.0.0.1' }),
        ]);
        expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
        const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
        expect(refused.reason).toMatchObject({
          status: 422,
          errors: { status: ['the last active admin cannot be banned'] },
        });
        const [{ n }] = (await solo.db.query<{ n: number }>(
          `select count(*)::int as n from users where 'admin' = any(roles) and status = 'active'`,
        )) as [{ n: number }];
        expect(n).toBe(1);
      } finally {
        await solo.close();
      }
    });

    it('resets a password (shown once, old one and sessions gone) and revokes one session', async () => {
      const u = await newUser(t);
      const token1 = await login(t, u.username, u.password);
      const token2 = await login(t, u.username, u.password);
      const detail = (await get(ADMIN_USER_PATHS.detail, `id=${u.id}`)).body.data;
      expect(detail.sessions).toHaveLength(2);
      expect(detail.user.last_login_ip).toBe('127.0.0.1');
      const revoked = await post(ADMIN_USER_PATHS.revokeSession, {
        id: u.id,
        session_id: detail.sessions[1].id,
      });
      expect(revoked.status).toBe(200);
      const alive = await Promise.all(
        [token1, token2].map(async (tk) => (await post(USER_PATHS.info, {}, tk)).body.code),
      );
      expect(alive.sort()).toEqual([200, 403]);
      // Another user's session id is not this user's: nothing ends.
      expect(
        (await post(ADMIN_USER_PATHS.revokeSession, { id: admin.id, session_id: detail.sessions[0].id }))
          .status,
      ).toBe(404);
      const reset = await post(ADMIN_USER_PATHS.resetPassword, { id: u.id });
      const { password } = reset.body.data;
      expect(password).toMatch(/^.{12,}$/);
      for (const tk of [token1, token2]) expect((await post(USER_PATHS.info, {}, tk)).body.code).toBe(403);
      await expect(login(t, u.username, u.password)).rejects.toThrow();
      await login(t, u.username, password);
      const [audit] = await t.db.query<{ after: unknown }>(
        `select after from audit_log where action = 'users.reset_password' and target = $1`,
        [`user:${u.id}`],
      );
      expect(JSON.stringify(audit)).not.toContain(password);
    });

    it('the drawer shows sites, sessions, invitees and last sign-in', async () => {
      const owner = await newOwner(t);
      await newSite(t, owner, { name: 'Drawer site' });
      const invitee = await t.services.users.create({
        username: 'invited_one',
        email: 'invited_one@example.test',
        password: 'long enough pass',
        roles: ['user'],
        invitedBy: owner.id,
      });
      const d = (await get(ADMIN_USER_PATHS.detail, `id=${owner.id}`)).body.data;
      expect(d.sites.map((s: { name: string }) => s.name)).toEqual(['Drawer site']);
      expect(d.user.sites_count).toBe(1);
      expect(d.invitees).toEqual([expect.objectContaining({ id: invitee.id, username: 'invited_one' })]);
      expect(d.invitees_total).toBe(1);
      expect(d.sessions).toHaveLength(1);
      expect((await get(ADMIN_USER_PATHS.detail, 'id=99999999')).status).toBe(404);
      expect((await get(ADMIN_USER_PATHS.detail, 'id=abc')).status).toBe(422);
    });
  });

  describe('balance adjustments (through the ledger)', () => {
    const balanceOf = async (id: number) =>
      (await t.db.query<{ b: string }>(`select balance::text as b from users where id = $1`, [id]))[0]!.b;

    it('adds with a required reason: one ledger entry and one audit row, seen in the user wallet', async () => {
      const u = await signedIn(t, ['user']);
      const res = await post(ADMIN_USER_PATHS.adjustBalance, {
        id: u.id,
        amount: '12.5',
        reason: 'Refund for ticket 7',
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ id: u.id, balance: '12.5' });
      const wallet = await get(WALLET_PATHS.ledger, '', u.token);
      expect(wallet.body.data.list).toEqual([
        expect.objectContaining({
          kind: 'admin_adjustment',
          account: 'balance',
          amount: '12.5',
          balance_after: '12.5',
          note: 'Refund for ticket 7',
        }),
      ]);
      const drawer = await get(ADMIN_USER_PATHS.ledger, `id=${u.id}`);
      expect(drawer.body.data.list.map((e: { amount: string }) => e.amount)).toEqual(['12.5']);
      const [audit] = await t.db.query<{ before: unknown; after: { amount: string; reason: string } }>(
        `select before, after from audit_log where action = 'users.adjust_balance' and target = $1`,
        [`user:${u.id}`],
      );
      expect(audit).toMatchObject({
        before: { account: 'balance', amount: '0' },
        after: { amount: '12.5', change: '12.5', reason: 'Refund for ticket 7' },
      });
      // Taking away works down to zero.
      expect(
        (await post(ADMIN_USER_PATHS.adjustBalance, { id: u.id, amount: '-12.5', reason: 'Reversed' })).body
          .data.balance,
      ).toBe('0');
    });

    it('never below zero (422 INSUFFICIENT_BALANCE), bad input is 422, and nothing is written', async () => {
      const u = await newUser(t);
      await post(ADMIN_USER_PATHS.adjustBalance, { id: u.id, amount: '3', reason: 'start' });
      const before = await countRows(t, TABLES);
      const short = await post(
        ADMIN_USER_PATHS.adjustBalance,
        { id: u.id, amount: '-3.000001', reason: 'too much' },
        admin.token,
        'zh-CN',
      );
      expect(short.status).toBe(422);
      expect(short.body.error).toBe('INSUFFICIENT_BALANCE');
      expect(short.body.errors).toEqual({ amount: ['余额不足。'] });
      const bad: [unknown, string][] = [
        [{ id: u.id, amount: '5', reason: '' }, 'reason'],
        [{ id: u.id, amount: '5', reason: '   ' }, 'reason'],
        [{ id: u.id, amount: '5' }, 'reason'],
        [{ id: u.id, amount: 5, reason: 'number' }, 'amount'],
        [{ id: u.id, amount: '0', reason: 'zero' }, 'amount'],
        [{ id: u.id, amount: '1.0000001', reason: 'seven decimals' }, 'amount'],
        [{ id: u.id, amount: '1e3', reason: 'exponent' }, 'amount'],
        [{ id: u.id, amount: '1', reason: 'x', account: 'savings' }, 'account'],
      ];
      for (const [body, field] of bad) {
        const res = await post(ADMIN_USER_PATHS.adjustBalance, body);
        expect(res.status, JSON.stringify(body)).toBe(422);
        expect(Object.keys(res.body.errors ?? {}), JSON.stringify(body)).toContain(field);
      }
      expect(
        (await post(ADMIN_USER_PATHS.adjustBalance, { id: 99_999_999, amount: '1', reason: 'nobody' }))
          .status,
      ).toBe(404);
      expect(await countRows(t, TABLES)).toEqual(before);
      expect(await balanceOf(u.id)).toBe('3000000');
    });

    it('the same request id twice moves the money once', async () => {
      const u = await newUser(t);
      const body = {
        id: u.id,
        amount: '2',
        reason: 'double click',
        request_id: '6f1d2c1e-8f7a-4b7e-9a51-2c4b7d1e0f11',
      };
      await post(ADMIN_USER_PATHS.adjustBalance, body);
      const again = await post(ADMIN_USER_PATHS.adjustBalance, body);
      expect(again.body.data.balance).toBe('2');
      expect(await balanceOf(u.id)).toBe('2000000');
    });
  });

  it('user/info carries invite_code and msgNum', async () => {
    const u = await signedIn(t, ['user']);
    const info = (await post(USER_PATHS.info, {}, u.token)).body.data;
    expect(info.invite_code).toMatch(/^[A-Z0-9]{8}$/);
    expect(info.msgNum).toBe(0);
  });
});
