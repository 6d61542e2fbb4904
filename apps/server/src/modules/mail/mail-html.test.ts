import { AUTH_PATHS, SETTINGS_PATHS, TICKET_PATHS } from '@tally/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { captcha, signedIn } from '../../../test/factories.js';
import { codeIn, decodeHeader, parseMail, startSmtp } from '../../../test/smtp.js';
import { MAIL_THEME } from './mail-layout.js';

/** A title an admin may set (plain text, markup allowed), which every mail must show as text. */
const TITLE = '小账本 <script>alert("t")</script>';
const TITLE_HTML = '小账本 &lt;script&gt;alert(&quot;t&quot;)&lt;/script&gt;';

describe('mail as it arrives at an SMTP server: text and HTML under the site title', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin: Awaited<ReturnType<typeof signedIn>>;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ SMTP_URL: smtp.url });
    admin = await signedIn(t, ['admin']);
    const saved = await t.call('POST', SETTINGS_PATHS.save, {
      token: admin.token,
      body: { webtitle: TITLE },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('a registration code: multipart/alternative, a UTF-8 subject, the title in both parts, the code large', async () => {
    const to = 'newcomer@example.test';
    const res = await t.call('POST', AUTH_PATHS.sendEmailVerify, {
      body: { email: to, purpose: 'register', ...(await captcha(t)) },
    });
    expect(res.body.code).toBe(200);
    const received = await smtp.waitFor(to);
    const mail = parseMail(received);

    expect(mail.contentType).toMatch(/^multipart\/alternative;/);
    // The subject travels as encoded words (7-bit), and reads back as written.
    expect(mail.headers.subject).toMatch(/^=\?UTF-8\?[BQ]\?/i);
    expect(received.raw.split(/\r?\n\r?\n/)[0]).not.toMatch(/[^\x20-\x7e\r\n\t]/);
    expect(mail.subject).toBe(`${TITLE} 注册验证码 / registration code`);
    // The sender (MAIL_FROM, a bare address by default) is named by the title too.
    expect(decodeHeader(mail.headers.from ?? '')).toContain(TITLE);
    expect(mail.headers.from).toMatch(/<no-reply@localhost>$/);

    const code = codeIn(received);
    expect(mail.text).toContain(`验证码 / Code: ${code}`);
    expect(mail.text).toContain(`您正在注册${TITLE}账号`);
    expect(mail.text).toContain(`You are registering an account at ${TITLE}`);
    expect(mail.text?.trimEnd().endsWith(`\n-- \n${TITLE}`)).toBe(true);

    const html = mail.html ?? '';
    expect(html).toContain(`${TITLE_HTML}</td>`);
    expect(html).toContain(`background:${MAIL_THEME}`);
    expect(html).toMatch(new RegExp(`font-size:32px[^>]*>${code}</div>`));
    expect(html).toContain(`您正在注册${TITLE_HTML}账号`);
    expect(html).not.toContain('<script');
  });

  it('a user’s words in a ticket are text in the HTML part, never markup', async () => {
    const user = await signedIn(t);
    const opened = await t.call('POST', TICKET_PATHS.create, {
      token: user.token,
      body: {
        subject: 'Broken <img src=x onerror=alert(1)>',
        priority: 'normal',
        content: 'Look: <script>steal()</script>\nhttps://example.test/a?b=1&c=2',
      },
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const mail = parseMail(await smtp.waitFor(admin.email));
    expect(mail.contentType).toMatch(/^multipart\/alternative;/);
    expect(mail.text).toContain('Look: <script>steal()</script>');
    const html = mail.html ?? '';
    expect(html).toContain('Look: &lt;script&gt;steal()&lt;/script&gt;<br>');
    expect(html).toContain('Broken &lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('<a href="https://example.test/a?b=1&amp;c=2"');
    expect(html).not.toMatch(/<script|<img/);
    expect(html).toContain(`${TITLE_HTML}</td>`);
  });
});
