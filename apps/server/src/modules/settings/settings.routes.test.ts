import { createServer } from 'node:net';
import { SETTINGS_PATHS } from '@tally/contracts';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { captcha, newUser, signedIn } from '../../../test/factories.js';
import { startSmtp } from '../../../test/smtp.js';
import { auditLog, mailOutbox, settings } from '../../db/schema/index.js';

type Smtp = Awaited<ReturnType<typeof startSmtp>>;

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('settings API', () => {
  let t: TestApp;
  let smtp: Smtp;
  let admin: Awaited<ReturnType<typeof signedIn>>;

  beforeAll(async () => {
    smtp = await startSmtp();
    // The fake SMTP server listens on a random port, so this app allows any.
    t = await createTestApp({ SMTP_ALLOWED_PORTS: '*' });
    admin = await signedIn(t, ['admin']);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const save = (body: unknown, token = admin.token) => t.call('POST', SETTINGS_PATHS.save, { token, body });
  const auditRows = (action: string) =>
    t.db.orm.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id));

  it('gives signed-out visitors the public block as data.set and data.ads', async () => {
    const res = await t.call('GET', SETTINGS_PATHS.public);
    expect(res.status).toBe(200);
    expect(res.body.data.set).toMatchObject({ webtitle: '系统后台', webclose: 0, tjDomains: '[]' });
    expect(res.body.data.ads).toEqual([]);
  });

  it('lets only admins read or change settings: article_editor and user get HTTP 403', async () => {
    for (const roles of [['article_editor'], ['user']] as const) {
      const { token } = await signedIn(t, [...roles]);
      expect((await t.call('GET', SETTINGS_PATHS.fetch, { token })).status).toBe(403);
      expect((await save({ webtitle: 'Hijacked' }, token)).status).toBe(403);
      expect(
        (await t.call('POST', SETTINGS_PATHS.testMail, { token, body: { to: 'a@b.test' } })).status,
      ).toBe(403);
    }
    const anonymous = await t.call('GET', SETTINGS_PATHS.fetch);
    expect(anonymous.body.code).toBe(403);
    expect((await t.call('GET', SETTINGS_PATHS.public)).body.data.set.webtitle).toBe('系统后台');
  });

  it('saves a change, shows it to everyone at once, and audits who changed what', async () => {
    const res = await save({
      webtitle: 'Tally Pro',
      indexNotice: 'Line 1\nLine 2',
      weburl: 'https://tally.test',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.changed.sort()).toEqual(['indexNotice', 'webtitle', 'weburl']);
    expect(res.body.data.settings).toMatchObject({ webtitle: 'Tally Pro', indexNotice: 'Line 1\nLine 2' });

    const pub = await t.call('GET', SETTINGS_PATHS.public);
    expect(pub.body.data.set).toMatchObject({ webtitle: 'Tally Pro', weburl: 'https://tally.test' });
    const someone = await signedIn(t);
    const info = await t.call('POST', '/api/v1/api2/user/info', { token: someone.token });
    expect(info.body.data.set.webtitle).toBe('Tally Pro');

    const [row] = await auditRows('settings.update');
    expect(row).toMatchObject({ actorId: admin.id, ip: '127.0.0.1' });
    expect(row!.target).toContain('webtitle');
    expect(row!.before).toMatchObject({ webtitle: '系统后台', weburl: '' });
    expect(row!.after).toMatchObject({ webtitle: 'Tally Pro', weburl: 'https://tally.test' });

    const again = await save({ webtitle: 'Tally Pro' });
    expect(again.body.data.changed).toEqual([]);
    expect(await auditRows('settings.update')).toHaveLength(1);
  });

  it('refuses bad input with 422 field errors and changes nothing', async () => {
    const before = (await t.call('GET', SETTINGS_PATHS.fetch, { token: admin.token })).body.data;
    // Each body with the field its error must name.
    const bad: [Record<string, unknown>, string][] = [
      [{ webclose: 2 }, 'webclose'],
      [{ webtitle: '' }, 'webtitle'],
      [{ email: 'not-an-email' }, 'email'],
      [{ kefu_link: 'javascript:alert(1)' }, 'kefu_link'],
      [{ tjDomains: ['tj.example.com/path'] }, 'tjDomains.0'],
      [{ ads: [{ title: 'x', image: 'javascript:alert(1)', link: '', position: 'home' }] }, 'ads.0.image'],
      [{ smtp_port: 70000 }, 'smtp_port'],
      // Unknown keys are refused for the body as a whole.
      [{ unknown_key: 1 }, 'body'],
      [{ webtitle: 'ok', webclose: 'yes' }, 'webclose'],
    ];
    for (const [body, field] of bad) {
      const res = await save(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect((await t.call('GET', SETTINGS_PATHS.fetch, { token: admin.token })).body.data).toEqual(before);
  });

  it('keeps tjDomains a list for the back office and a JSON string in data.set', async () => {
    const res = await save({ tjDomains: ['tj.example.com', 'HTTPS://Count.Example.org'] });
    expect(res.body.data.settings.tjDomains).toEqual(['tj.example.com', 'https://count.example.org']);
    const pub = await t.call('GET', SETTINGS_PATHS.public);
    expect(JSON.parse(pub.body.data.set.tjDomains)).toEqual(['tj.example.com', 'https://count.example.org']);
  });

  it('gives new ads ids and sends only enabled ads, in order, to visitors', async () => {
    const ads = [
      { title: 'Second', image: '/uploads/abc.png', link: 'https://b.test', position: 'home', order: 2 },
      { title: 'First', image: 'https://cdn.test/a.png', link: '/price', position: 'home', order: 1 },
      { title: 'Off', image: '/uploads/def.png', link: '', position: 'articles', enabled: false },
    ];
    const res = await save({ ads });
    const stored = res.body.data.settings.ads as { id: string; title: string }[];
    expect(stored.map((a) => a.id)).toEqual([expect.any(String), expect.any(String), expect.any(String)]);
    const pub = await t.call('GET', SETTINGS_PATHS.public);
    expect(pub.body.data.ads.map((a: { title: string }) => a.title)).toEqual(['First', 'Second']);

    const kept = await save({ ads: stored.map((a) => ({ ...a, title: `${a.title}!` })) });
    expect(kept.body.data.settings.ads.map((a: { id: string }) => a.id)).toEqual(stored.map((a) => a.id));
  });

  it('never sends the SMTP password back, keeps it on an empty field, and redacts it in the audit log', async () => {
    await save({ smtp_host: '127.0.0.1', smtp_user: 'mailer', smtp_pass: 's3cret-pass' });
    const read = await t.call('GET', SETTINGS_PATHS.fetch, { token: admin.token });
    expect(read.body.data).toMatchObject({ smtp_pass_set: true, smtp_source: 'settings' });
    expect(JSON.stringify(read.body)).not.toContain('s3cret-pass');
    await save({ smtp_pass: '', smtp_user: 'mailer2' });
    expect(await t.services.settings.get('smtp_pass')).toBe('s3cret-pass');
    const rows = await t.db.orm.select().from(auditLog);
    expect(JSON.stringify(rows)).not.toContain('s3cret-pass');
    await save({ smtp_host: '' });
  });

  it('sends a test mail through the SMTP set in the back office', async () => {
    const port = Number(new URL(smtp.url).port);
    await save({
      smtp_host: '127.0.0.1',
      smtp_port: port,
      smtp_secure: false,
      smtp_user: '',
      mail_from: 'Ops <ops@tally.test>',
    });
    const res = await t.call('POST', SETTINGS_PATHS.testMail, {
      token: admin.token,
      body: { to: 'boss@example.test' },
    });
    expect(res.body.data).toMatchObject({ status: 'sent' });
    const mail = await smtp.waitFor('boss@example.test');
    expect(mail.raw).toContain('ops@tally.test');
    expect(mail.raw).toContain('test mail');
    const [row] = await auditRows('settings.test_mail');
    expect(row).toMatchObject({ actorId: admin.id });
  });

  it('keeps the SMTP password sealed in the database and logs in with it', async () => {
    const port = Number(new URL(smtp.url).port);
    await save({ smtp_host: '127.0.0.1', smtp_port: port, smtp_secure: false, smtp_user: 'mailer' });
    await save({ smtp_pass: 's3cret-pass' });
    const [row] = await t.db.orm
      .select({ value: sql<string>`${settings.value}::text` })
      .from(settings)
      .where(eq(settings.key, 'smtp_pass'));
    expect(row?.value).toMatch(/^"sealed:v1:/);
    expect(row?.value).not.toContain('s3cret');

    const res = await t.call('POST', SETTINGS_PATHS.testMail, {
      token: admin.token,
      body: { to: 'seal@example.test' },
    });
    expect(res.body.data).toMatchObject({ status: 'sent' });
    expect(smtp.logins.at(-1)).toEqual({ username: 'mailer', password: 's3cret-pass' });
    await save({ smtp_host: '', smtp_user: '' });
  });

  it('reports an unreachable SMTP server clearly instead of pretending', async () => {
    await save({ smtp_host: '127.0.0.1', smtp_port: await closedPort(), smtp_secure: false });
    const res = await t.call('POST', SETTINGS_PATHS.testMail, {
      token: admin.token,
      body: { to: 'x@example.test' },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(res.status).toBe(502);
    // A plain message in the admin's language, not the connection error that would map the network.
    expect(res.body.message).toBe('SMTP：该主机和端口上没有可用的邮件服务器。');
    expect(res.body.message).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|connect/i);
    const [row] = await t.db.orm.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
    expect(row).toMatchObject({ to: 'x@example.test', status: 'failed' });
  });

  it('keeps test mail in the outbox when no SMTP is configured', async () => {
    await save({ smtp_host: '' });
    const res = await t.call('POST', SETTINGS_PATHS.testMail, {
      token: admin.token,
      body: { to: 'y@example.test' },
    });
    expect(res.body.data.status).toBe('stored');
    expect(
      (await t.call('POST', SETTINGS_PATHS.testMail, { token: admin.token, body: { to: 'nope' } })).status,
    ).toBe(422);
  });
});

describe('SMTP test limited to mail ports (default SMTP_ALLOWED_PORTS)', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedIn(t, ['admin']);
  });
  afterAll(() => t.close());

  it('refuses to save or test an SMTP server on a port that is not a mail port, without connecting', async () => {
    const connections: number[] = [];
    const probe = createServer((socket) => {
      connections.push(Date.now());
      socket.end('+OK not smtp\r\n');
    });
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as { port: number };
    try {
      const saved = await t.call('POST', SETTINGS_PATHS.save, {
        token: admin.token,
        body: { smtp_host: '127.0.0.1', smtp_port: port, smtp_secure: false },
      });
      expect(saved.status).toBe(422);
      expect(Object.keys(saved.body.errors ?? {})).toEqual(['smtp_port']);
      expect(await t.services.settings.get('smtp_port')).not.toBe(port);

      // Stored some other way (an older version): the test button still refuses.
      await t.services.settings.update({ smtp_host: '127.0.0.1', smtp_port: port, smtp_secure: false });
      const res = await t.call('POST', SETTINGS_PATHS.testMail, {
        token: admin.token,
        body: { to: 'probe@example.test' },
      });
      expect(res.status).toBe(422);
      expect(res.body.message).toMatch(/not a mail port/);
      const zh = await t.call('POST', SETTINGS_PATHS.testMail, {
        token: admin.token,
        body: { to: 'probe@example.test' },
        headers: { 'accept-language': 'zh-CN' },
      });
      expect(zh.body.message).toMatch(/不是邮件端口/);
      expect(zh.body.message).not.toMatch(/not a mail port/);
      expect(connections).toEqual([]);
      expect(
        (await t.call('POST', SETTINGS_PATHS.save, { token: admin.token, body: { smtp_port: 587 } })).status,
      ).toBe(200);
    } finally {
      await new Promise<void>((resolve) => probe.close(() => resolve()));
      await t.services.settings.update({ smtp_host: '' });
    }
  });
});

describe('site closed (webclose = 1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const loginBody = async (u: { username: string; password: string }) => ({
    username: u.username,
    password: u.password,
    ...(await captcha(t)),
  });

  it('refuses non-admins with 503 and the public settings, while admins sign in and open it again', async () => {
    const admin = await newUser(t, { roles: ['admin'] });
    const user = await newUser(t, { roles: ['user'] });
    const editor = await signedIn(t, ['article_editor']);
    const adminToken = (await t.call('POST', '/api/v1/api2/auth/login', { body: await loginBody(admin) }))
      .body.data.x_token as string;

    const closed = await t.call('POST', SETTINGS_PATHS.save, { token: adminToken, body: { webclose: 1 } });
    expect(closed.body.data.settings.webclose).toBe(1);

    const pub = await t.call('GET', SETTINGS_PATHS.public);
    expect(pub.status).toBe(200);
    expect(pub.body.data.set.webclose).toBe(1);

    const anonymous = await t.call('POST', '/api/v1/api2/auth/register', {
      body: { username: 'newbie', email: 'newbie@example.test', password: 'long enough pw' },
    });
    expect(anonymous.status).toBe(503);
    expect(anonymous.body).toMatchObject({ code: 503, error: 'SITE_CLOSED' });
    expect(anonymous.body.data.set.webclose).toBe(1);

    const userLogin = await t.call('POST', '/api/v1/api2/auth/login', { body: await loginBody(user) });
    expect(userLogin.body.code).toBe(200);
    const userInfo = await t.call('POST', '/api/v1/api2/user/info', { token: userLogin.body.data.x_token });
    expect(userInfo.status).toBe(503);
    expect(userInfo.body.data.set.webclose).toBe(1);
    expect((await t.call('POST', '/api/v1/api2/user/info', { token: editor.token })).status).toBe(503);
    expect((await t.call('GET', '/api/v1/api2/user/logout', { token: editor.token })).body.code).toBe(200);

    const adminInfo = await t.call('POST', '/api/v1/api2/user/info', { token: adminToken });
    expect(adminInfo.status).toBe(200);
    expect(adminInfo.body.data.set.webclose).toBe(1);

    const page = await t.app.inject({ method: 'GET', url: '/beian.html' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<title>系统后台</title>');

    const opened = await t.call('POST', SETTINGS_PATHS.save, { token: adminToken, body: { webclose: 0 } });
    expect(opened.body.data.settings.webclose).toBe(0);
    expect(
      (await t.call('POST', '/api/v1/api2/user/info', { token: userLogin.body.data.x_token })).status,
    ).toBe(200);
    const gone = await t.app.inject({ method: 'GET', url: '/beian.html' });
    expect(gone.statusCode).toBe(302);
    expect(gone.headers.location).toBe('/');
  });

  it('escapes an admin-set title on the filing page', async () => {
    await t.services.settings.update({ webtitle: '<script>alert(1)</script>', webclose: 1 });
    const page = await t.app.inject({ method: 'GET', url: '/beian.html' });
    expect(page.body).not.toContain('<script>');
    expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    await t.services.settings.update({ webclose: 0 });
  });
});
