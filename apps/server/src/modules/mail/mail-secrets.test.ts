import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { captcha, deliveredMail, newUser } from '../../../test/factories.js';
import { codeIn } from '../../../test/smtp.js';

const SEND = '/api/v1/api2/auth/sendEmailVerify';

/** A logger writing JSON lines into an array, at info level as in production. */
function capturedLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, logger: { level: 'info', stream } };
}

describe('codes at rest: without SMTP', () => {
  let t: TestApp;
  const log = capturedLogger();
  beforeAll(async () => {
    t = await createTestApp({}, { logger: log.logger });
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  it('never writes a mail body to the log or the console, and purges the unsent mail once its code is dead', async () => {
    const printed = vi.spyOn(console, 'log');
    const u = await newUser(t);
    const res = await t.call('POST', SEND, {
      body: { email: u.email, purpose: 'reset', ...(await captcha(t)) },
    });
    expect(res.status).toBe(200);
    const row = await deliveredMail(t, u.email);
    expect(row.status).toBe('stored');
    const code = codeIn({ to: [], raw: row.text });
    expect(log.lines.join('')).toContain('mail stored in outbox');
    expect(log.lines.join('')).not.toContain(code);
    expect(printed.mock.calls.flat().join(' ')).not.toContain(code);

    await t.services.codes.purgeExpired();
    expect((await t.db.query('select id from mail_outbox where id = $1', [row.id])).length).toBe(1);
    await t.db.query(`update mail_outbox set created_at = now() - interval '11 minutes' where id = $1`, [
      row.id,
    ]);
    await t.services.codes.purgeExpired();
    expect((await t.db.query('select id from mail_outbox where id = $1', [row.id])).length).toBe(0);
  });
});

describe('PRINT_MAIL_TO_CONSOLE=true (development)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PRINT_MAIL_TO_CONSOLE: 'true' });
  });
  afterAll(() => t.close());

  it('prints the mail with its code to the console', async () => {
    const printed = vi.spyOn(console, 'log').mockImplementation(() => {});
    const u = await newUser(t);
    await t.call('POST', SEND, { body: { email: u.email, purpose: 'reset', ...(await captcha(t)) } });
    const code = codeIn({ to: [], raw: (await deliveredMail(t, u.email)).text });
    expect(printed.mock.calls.flat().join(' ')).toContain(code);
    printed.mockRestore();
  });
});
