import { ADMIN_TICKET_PATHS, DEFAULT_WEBTITLE, TICKET_PATHS, USER_PATHS } from '@tally/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { countRows, signedIn } from '../../../test/factories.js';
import { expectAccountCall, expectAdminCall, expectSignInRequired } from '../../../test/role-matrix.js';
import { bodyText, startSmtp } from '../../../test/smtp.js';

const TABLES = ['tickets', 'ticket_messages', 'mail_outbox', 'audit_log'];
type Method = 'GET' | 'POST';

describe('support tickets (工单)', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin: Awaited<ReturnType<typeof signedIn>>;

  const call = (method: Method, url: string, token: string, body?: unknown) =>
    t.call(method, url, { token, body });
  const open = async (token: string, subject = 'Cannot add a site') => {
    const res = await call('POST', TICKET_PATHS.create, token, {
      subject,
      priority: 'high',
      content: 'The button does nothing.\nWhat can I do?',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.ticket.id as number;
  };
  const msgNum = async (token: string) => (await call('POST', USER_PATHS.info, token, {})).body.data.msgNum;
  const mailsTo = (to: string) => smtp.mails.filter((m) => m.to.includes(to));

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ SMTP_URL: smtp.url });
    admin = await signedIn(t, ['admin']);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('a conversation both ways: states, each side’s unread count, msgNum, and a mail on each reply', async () => {
    const u = await signedIn(t);
    const id = await open(u.token);
    // Support hears of the new ticket: no contact address is set, so every active admin gets it.
    expect((await smtp.waitFor(admin.email)).raw).toContain(`#${id}`);

    const adminList = await call('GET', `${ADMIN_TICKET_PATHS.fetch}?user=${u.username}`, admin.token);
    expect(adminList.body.data).toMatchObject({
      total: 1,
      list: [{ id, status: 'open', priority: 'high', unread: 1 }],
    });
    expect(await msgNum(u.token)).toBe(0);

    const seen = await call('GET', `${ADMIN_TICKET_PATHS.detail}?id=${id}`, admin.token);
    expect(seen.body.data.ticket.unread).toBe(0);
    expect(seen.body.data.messages).toMatchObject([
      { from_admin: false, author: u.username, content: 'The button does nothing.\nWhat can I do?' },
    ]);
    const replied = await call('POST', ADMIN_TICKET_PATHS.reply, admin.token, {
      id,
      content: 'Check your plan.',
    });
    expect(replied.body.data.ticket.status).toBe('answered');
    // The user is told by mail, and the reply counts in msgNum and the badge's call.
    const mail = await smtp.waitFor(u.email);
    expect(mail.raw).toContain('Check your plan.');
    expect(await msgNum(u.token)).toBe(1);
    expect((await call('GET', TICKET_PATHS.unread, u.token)).body.data).toEqual({ count: 1 });
    const own = await call('GET', TICKET_PATHS.fetch, u.token);
    expect(own.body.data.list).toMatchObject([{ id, status: 'answered', unread: 1 }]);

    // Reading the ticket marks it read; the user sees "support", not the admin's name.
    const read = await call('GET', `${TICKET_PATHS.detail}?id=${id}`, u.token);
    expect(read.body.data.unread_total).toBe(0);
    expect(read.body.data.messages[1]).toMatchObject({
      from_admin: true,
      author: null,
      content: 'Check your plan.',
    });
    expect(await msgNum(u.token)).toBe(0);

    const before = mailsTo(admin.email).length;
    const again = await call('POST', TICKET_PATHS.reply, u.token, { id, content: 'Thanks, it works.' });
    expect(again.body.data.ticket.status).toBe('open');
    for (let i = 0; i < 100 && mailsTo(admin.email).length === before; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(mailsTo(admin.email).at(-1)?.raw).toContain('Thanks, it works.');
    const adminSees = await call(
      'GET',
      `${ADMIN_TICKET_PATHS.fetch}?status=open&priority=high&user=${u.id}`,
      admin.token,
    );
    expect(adminSees.body.data.list).toMatchObject([{ id, unread: 1 }]);

    const closed = await call('POST', TICKET_PATHS.close, u.token, { id });
    expect(closed.body.data).toMatchObject({ status: 'closed' });
    expect(closed.body.data.closed_at).not.toBeNull();
    // A closed ticket takes no more replies, from either side, and nothing is written.
    const rows = await countRows(t, TABLES);
    for (const [path, token] of [
      [TICKET_PATHS.reply, u.token],
      [ADMIN_TICKET_PATHS.reply, admin.token],
    ] as const) {
      const res = await call('POST', path, token, { id, content: 'one more' });
      expect(res.status).toBe(422);
      expect(res.body.errors?.content?.[0]).toBe('This ticket is closed; open a new one.');
    }
    const zh = await t.call('POST', TICKET_PATHS.reply, {
      token: u.token,
      body: { id, content: 'one more' },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.body.errors?.content?.[0]).toBe('该工单已关闭，如需帮助请新建工单。');
    expect(await countRows(t, TABLES)).toEqual(rows);
  });

  it('the reply mail is in the language the user last used the app in, and in both while that is not known', async () => {
    const replyMail = async (language: 'zh' | 'en' | null) => {
      const u = await signedIn(t);
      // The app's user/info call records the interface language for mail.
      if (language)
        await t.call('POST', USER_PATHS.info, {
          token: u.token,
          body: {},
          headers: { cookie: `language=${language}` },
        });
      const id = await open(u.token, `Language ${language}`);
      await call('POST', ADMIN_TICKET_PATHS.reply, admin.token, { id, content: 'Check your plan.' });
      const sent = await smtp.waitFor(u.email);
      // The outbox keeps the subject; the text is let go once sent, so it is read as it arrived.
      const [mail] = await t.db.query<{ subject: string }>(
        'select subject from mail_outbox where "to" = $1',
        [u.email],
      );
      return { id, subject: mail!.subject, text: bodyText(sent) };
    };
    const en = await replyMail('en');
    expect(en.subject).toBe(`New reply to ticket #${en.id}: Language en`);
    expect(en.text).toContain('Check your plan.');
    // The words are English; the signature is the site's title, whatever its language (系统后台 by default).
    expect(en.text.replace(`\n-- \n${DEFAULT_WEBTITLE}`, '')).not.toMatch(/[\u4e00-\u9fff]/);
    const zh = await replyMail('zh');
    expect(zh.subject).toBe(`工单 #${zh.id} 有新回复：Language zh`);
    expect(zh.text).toContain('您的工单「Language zh」有新回复');
    expect(zh.text).not.toContain('Support replied');
    const unknown = await replyMail(null);
    expect(unknown.subject).toBe(
      `工单 #${unknown.id} 有新回复：Language null / New reply to ticket #${unknown.id}: Language null`,
    );
  });

  it('reading a conversation with nothing unread writes nothing', async () => {
    const u = await signedIn(t);
    const id = await open(u.token);
    const version = async () =>
      (await t.db.query<{ v: string }>('select xmin::text as v from tickets where id = $1', [id]))[0]!.v;
    const unread = await version();
    await call('GET', `${ADMIN_TICKET_PATHS.detail}?id=${id}`, admin.token);
    const read = await version();
    expect(read).not.toBe(unread);
    await call('GET', `${ADMIN_TICKET_PATHS.detail}?id=${id}`, admin.token);
    await call('GET', `${TICKET_PATHS.detail}?id=${id}`, u.token);
    expect(await version()).toBe(read);
  });

  it('the admin side: filters by status, priority and user, pages on the server, audits a close', async () => {
    const a = await signedIn(t);
    const b = await signedIn(t);
    for (let i = 0; i < 3; i++) await open(a.token, `a${i}`);
    const low = await call('POST', TICKET_PATHS.create, b.token, {
      subject: 'b',
      priority: 'low',
      content: 'hi',
    });
    const bId = low.body.data.ticket.id;

    const page = await call(
      'GET',
      `${ADMIN_TICKET_PATHS.fetch}?user=${a.username}&limit=2&page=2`,
      admin.token,
    );
    expect(page.body.data).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(page.body.data.list).toHaveLength(1);
    const lows = await call('GET', `${ADMIN_TICKET_PATHS.fetch}?priority=low&user=${b.email}`, admin.token);
    expect(lows.body.data.list.map((x: { id: number }) => x.id)).toEqual([bId]);

    const closed = await call('POST', ADMIN_TICKET_PATHS.close, admin.token, { id: bId });
    expect(closed.body.data.status).toBe('closed');
    const [audit] = await t.db.query<{ action: string; target: string }>(
      `select action, target from audit_log where action = 'tickets.close' order by id desc limit 1`,
    );
    expect(audit).toEqual({ action: 'tickets.close', target: `ticket:${bId}` });
    const byStatus = await call('GET', `${ADMIN_TICKET_PATHS.fetch}?status=closed&user=${b.id}`, admin.token);
    expect(byStatus.body.data.total).toBe(1);
    // Closing again changes nothing.
    expect((await call('POST', TICKET_PATHS.close, b.token, { id: bId })).body.data.status).toBe('closed');
  });

  it('a user never sees, answers or closes another user’s ticket: 404, and nothing changes', async () => {
    const owner = await signedIn(t);
    const other = await signedIn(t);
    const id = await open(owner.token);
    const rows = await countRows(t, TABLES);
    for (const [method, url, body] of [
      ['GET', `${TICKET_PATHS.detail}?id=${id}`, undefined],
      ['POST', TICKET_PATHS.reply, { id, content: 'mine now' }],
      ['POST', TICKET_PATHS.close, { id }],
    ] as const) {
      const res = await call(method, url, other.token, body);
      expect(res.status, url).toBe(404);
    }
    expect((await call('GET', TICKET_PATHS.fetch, other.token)).body.data.total).toBe(0);
    expect(await countRows(t, TABLES)).toEqual(rows);
    const [ticket] = await t.db.query<{ status: string; admin_unread: number }>(
      'select status, admin_unread from tickets where id = $1',
      [id],
    );
    expect(ticket).toEqual({ status: 'open', admin_unread: 1 });
  });

  describe('role × endpoint', () => {
    // Each call with the one status a role that may use it gets (a missing ticket: 404).
    const userCalls: [Method, string, unknown, number][] = [
      ['GET', TICKET_PATHS.fetch, undefined, 200],
      ['GET', `${TICKET_PATHS.detail}?id=999999`, undefined, 404],
      ['POST', TICKET_PATHS.create, { subject: 's', content: 'c' }, 200],
      ['POST', TICKET_PATHS.reply, { id: 999999, content: 'c' }, 404],
      ['POST', TICKET_PATHS.close, { id: 999999 }, 404],
      ['GET', TICKET_PATHS.unread, undefined, 200],
    ];
    const adminCalls: [Method, string, unknown, number][] = [
      ['GET', ADMIN_TICKET_PATHS.fetch, undefined, 200],
      ['GET', `${ADMIN_TICKET_PATHS.detail}?id=999999`, undefined, 404],
      ['POST', ADMIN_TICKET_PATHS.reply, { id: 999999, content: 'c' }, 404],
      ['POST', ADMIN_TICKET_PATHS.close, { id: 999999 }, 404],
    ];

    it.each([...userCalls, ...adminCalls])('%s %s: anonymous gets code 403 (HTTP 200)', (m, url, body) =>
      expectSignInRequired(t, [m, url, body]),
    );
    it.each(userCalls)(
      '%s %s: user, article_editor and admin reach their own; a share-link client is refused (403)',
      (m, url, body, status) => expectAccountCall(t, [m, url, body], [status]),
    );
    it.each(adminCalls)('%s %s: admins only (user, article_editor, client: 403)', (m, url, body, status) =>
      expectAdminCall(t, admin.token, [m, url, body], [status]),
    );
    it('admins see every user’s tickets', async () => {
      const u = await signedIn(t);
      const id = await open(u.token);
      const res = await call('GET', `${ADMIN_TICKET_PATHS.detail}?id=${id}`, admin.token);
      expect(res.body.data.ticket).toMatchObject({ id, user_id: u.id, username: u.username });
    });
  });

  it('bad input: 422 with field errors in zh and en, never a 500, nothing written', async () => {
    const u = await signedIn(t);
    const rows = await countRows(t, TABLES);
    const en = await t.call('POST', TICKET_PATHS.create, {
      token: u.token,
      body: { subject: '  ', priority: 'urgent', content: '' },
      headers: { 'accept-language': 'en-US' },
    });
    expect(en.status).toBe(422);
    expect(en.body.errors).toMatchObject({
      subject: ['required'],
      priority: ['invalid'],
      content: ['required'],
    });
    expect(en.body.message).toBe('Subject: required');
    const zh = await t.call('POST', TICKET_PATHS.create, {
      token: u.token,
      body: { subject: 'x'.repeat(121), content: 'a\u0000b' },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.status).toBe(422);
    expect(zh.body.errors).toMatchObject({
      subject: ['最多 120 个字符'],
      content: ['不能包含 NUL 字符', '不能包含控制字符'],
    });
    expect(zh.body.message).toBe('主题: 最多 120 个字符');
    for (const [method, url, body] of [
      ['POST', TICKET_PATHS.reply, { id: 'x', content: 'c' }],
      ['POST', TICKET_PATHS.reply, { id: 1, content: 'x'.repeat(10_001) }],
      ['POST', TICKET_PATHS.reply, { id: 1, content: 'x\udc00y' }],
      ['GET', `${TICKET_PATHS.detail}?id=abc`, undefined],
      ['GET', `${TICKET_PATHS.fetch}?status=pending`, undefined],
      ['GET', `${ADMIN_TICKET_PATHS.fetch}?priority=urgent`, undefined],
      ['POST', ADMIN_TICKET_PATHS.close, { id: -1 }],
    ] as const) {
      const token = url.includes('/admin/') ? admin.token : u.token;
      const res = await call(method, url, token, body);
      expect(res.status, `${url} ${JSON.stringify(res.body)}`).toBe(422);
    }
    expect(await countRows(t, TABLES)).toEqual(rows);
  });
});
