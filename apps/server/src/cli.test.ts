import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dataDir = mkdtempSync(path.join(tmpdir(), 'tally-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The command line as a person runs it, on its own embedded database. */
function cli(...args: string[]) {
  const { DATABASE_URL: _pg, ...env } = process.env;
  const res = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'cli.ts'), ...args],
    {
      env: { ...env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  return { status: res.status, out: `${res.stdout}${res.stderr}` };
}

describe('cli admin', () => {
  it('creates a second admin as the README writes it, under a free username, and never prints a hash', () => {
    // The first start creates `admin`; the README's command must still work after it.
    expect(cli('admin', '--email', 'first@example.com', '--password', 'first-secret-1').status).toBe(0);
    const second = cli('admin', '--email', 'second@example.com', '--password', 'second-secret-2');
    expect(second.out).not.toMatch(/argon2|\$2[aby]\$|scrypt/i);
    expect(second.out).not.toContain('second-secret-2');
    expect(second.status).toBe(0);
    expect(second.out).toContain('created second@example.com (username admin2, admin)');
  }, 120_000);

  it('refuses a --username another account has, in one clear line', () => {
    const taken = cli(
      'admin',
      '--email',
      'third@example.com',
      '--password',
      'third-secret-3',
      '--username',
      'admin',
    );
    expect(taken.status).toBe(1);
    expect(taken.out.trim()).toBe(
      'the username "admin" belongs to another account: choose another with --username',
    );
  }, 120_000);
});

describe('cli rough edges', () => {
  const noStack = (out: string) => expect(out).not.toMatch(/^\s+at /m);

  it('with no command prints its usage and exits 2 instead of serving', () => {
    const none = cli();
    expect(none.status).toBe(2);
    expect(none.out).toContain('Usage: tally <command> [options]');
    expect(none.out).not.toMatch(/listening|Server listening/i);
  }, 120_000);

  it('--help after a command prints the usage; an unknown option is one line naming it', () => {
    const help = cli('demo', '--help');
    expect(help.status).toBe(0);
    expect(help.out).toContain('demo [--sites N]');
    noStack(help.out);
    const unknown = cli('demo', '--sitez', '2');
    expect(unknown.status).toBe(2);
    expect(unknown.out.trim()).toBe(
      'tally demo: unknown option --sitez (tally --help lists the commands and options)',
    );
  }, 120_000);

  it('credit to an email no account has is one line and a failure, not a stack', () => {
    const res = cli('credit', '--email', 'nobody@example.com', '--amount', '5');
    expect(res.status).toBe(1);
    expect(res.out.trim()).toBe('no account has the email nobody@example.com');
  }, 120_000);

  it('user refuses a password the web refuses (the contracts rule), before touching the database', () => {
    const short = cli('user', '--email', 'shorty@example.com', '--username', 'shorty', '--password', '12345');
    expect(short.status).toBe(2);
    expect(short.out.trim()).toBe('--password: at least 8 characters');
    // No account was made: crediting it finds none.
    expect(cli('credit', '--email', 'shorty@example.com', '--amount', '1').out.trim()).toBe(
      'no account has the email shorty@example.com',
    );
    const ok = cli('user', '--email', 'shorty@example.com', '--username', 'shorty', '--password', '12345678');
    expect(ok.status).toBe(0);
  }, 120_000);

  it('rollups recount takes a date range, refuses a bad one in one line, and reports what it recounted', () => {
    const bad = cli('rollups', 'recount', '--from', '2026-02-30', '--to', '2026-03-01');
    expect(bad.status).toBe(2);
    expect(bad.out.trim()).toBe('tally rollups recount: --from and --to are required, as YYYY-MM-DD');
    const backwards = cli('rollups', 'recount', '--from', '2026-03-02', '--to', '2026-03-01');
    expect(backwards.status).toBe(2);
    expect(backwards.out.trim()).toBe('tally rollups recount: --from is after --to');
    const ok = cli('rollups', 'recount', '--from', '2026-03-01', '--to', '2026-03-31');
    expect(ok.status).toBe(0);
    expect(ok.out).toMatch(/^recounted 0 hours and 0 days from 2026-03-01 to 2026-03-31 in \d+\.\d s$/m);
  }, 120_000);
});
