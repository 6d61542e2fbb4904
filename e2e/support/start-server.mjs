#!/usr/bin/env node
/**
 * Starts the real server for the browser suite: a fresh DATA_DIR (.tmp/e2e-<port>/data, so two
 * checkouts' suites never share one), its traffic and the accounts of accounts.ts written first by
 * seed.mjs (PGlite allows one process per directory), then `serve` on
 * E2E_PORT with captchas off, mailing through a local SMTP peer that drops every message into
 * .tmp/e2e-<port>/mail/ (specs read email codes there). Playwright's webServer runs this and stops it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SMTPServer } from 'smtp-server';

const root = resolve(import.meta.dirname, '../..');
const cli = join(root, 'apps/server/dist/cli.js');
const e2eTmp = join(root, `.tmp/e2e-${process.env.E2E_PORT ?? 18089}`);
const mailDir = join(e2eTmp, 'mail');
rmSync(mailDir, { recursive: true, force: true });
mkdirSync(mailDir, { recursive: true });

// The queue monitor's spec needs a mail job that fails: the first attempt to a `refuse-once…`
// address is refused (a 451, as a busy server answers), every later one accepted.
const refusedOnce = new Set();
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onRcptTo(address, _session, callback) {
    const to = address.address;
    if (!to.startsWith('refuse-once') || refusedOnce.has(to)) return callback();
    refusedOnce.add(to);
    const busy = Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 });
    return callback(busy);
  },
  onData(stream, session, done) {
    const chunks = [];
    stream.on('data', (c) => chunks.push(c));
    stream.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      for (const rcpt of session.envelope.rcptTo)
        appendFileSync(join(mailDir, `${rcpt.address}.eml`), `${text}\n`);
      done();
    });
  },
});
await new Promise((resolveListen) => smtp.listen(0, '127.0.0.1', resolveListen));
const smtpPort = smtp.server.address().port;

// Inside the checkout and wiped at start: Playwright ends this script with SIGKILL, so a
// clean-up on exit cannot be relied on.
const dataDir = join(e2eTmp, 'data');
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
// Telegram: a fake Bot API beside the server (its control API is how specs add bots and deliver
// updates), on E2E_PORT + 2.
const { FakeBotApi } = await import(join(root, 'apps/server/dist/testing/fake-bot-api.js'));
const telegram = await new FakeBotApi().start(Number(process.env.E2E_PORT ?? 18089) + 2);

const env = {
  ...process.env,
  TELEGRAM_API_ROOT: telegram.url,
  DATA_DIR: dataDir,
  PORT: process.env.E2E_PORT ?? '18089',
  HOST: '127.0.0.1',
  CAPTCHA_ENABLED: 'false',
  LOG_LEVEL: 'warn',
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
};

// Traffic, accounts and balances (seed.mjs); the start fails, and its data goes, when that fails.
const seeded = spawnSync(process.execPath, [join(root, 'e2e/support/seed.mjs')], { env, stdio: 'inherit' });
if (seeded.status !== 0) {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(seeded.status ?? 1);
}

const server = spawn(process.execPath, [cli, 'serve'], { env, stdio: 'inherit' });
const stop = () => server.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => {
  smtp.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
