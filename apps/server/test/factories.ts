import type { UserRole } from '@tally/contracts';
import { afterAll, beforeAll } from 'vitest';
import { CAPTCHA_TEXT, createTestApp, type TestApp } from './app.js';

let seq = 0;

export async function newUser(
  t: TestApp,
  opts: { roles?: UserRole[]; password?: string; username?: string; invitedBy?: number } = {},
) {
  seq += 1;
  const username = opts.username ?? `user${seq}_${Math.random().toString(36).slice(2, 7)}`;
  const password = opts.password ?? 'correct horse battery';
  const user = await t.services.users.create({
    username,
    email: `${username}@example.test`,
    password,
    roles: opts.roles ?? ['user'],
    invitedBy: opts.invitedBy,
  });
  return { id: user.id, username, email: user.email, password };
}

export async function captcha(t: TestApp): Promise<{ captcha_id: string; captcha: string }> {
  const res = await t.call('GET', '/api/v1/api2/auth/captcha');
  return { captcha_id: res.body.data.captcha_id, captcha: CAPTCHA_TEXT };
}

export async function login(t: TestApp, username: string, password: string, ip?: string): Promise<string> {
  const res = await t.call('POST', '/api/v1/api2/auth/login', {
    body: { username, password, ...(await captcha(t)) },
    ip,
  });
  if (res.body.code !== 200) throw new Error(`login failed: ${JSON.stringify(res.body)}`);
  return res.body.data.x_token;
}

/** A user with a session token (no captcha round trip), for calls over HTTP. */
export async function signedIn(t: TestApp, roles: UserRole[] = ['user']) {
  const user = await newUser(t, { roles });
  const token = await t.services.sessions.open({ kind: 'user', userId: user.id });
  return { ...user, token };
}

/** Rows in one table. */
export async function count(t: TestApp, table: string): Promise<number> {
  const [row] = await t.db.query<{ n: number }>(`select count(*)::int as n from ${table}`);
  return Number(row?.n);
}

/** Row counts per table, to show a refused request wrote nothing. */
export async function countRows(t: TestApp, tables: readonly string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of tables) out[table] = await count(t, table);
  return out;
}

/** The latest mail to `to` once the mail job has handled it (waits up to 10 s). */
export async function deliveredMail(t: TestApp, to: string) {
  for (let i = 0; i < 100; i++) {
    const [row] = await t.db.query<{ id: number; status: string; text: string }>(
      `select id, status, text from mail_outbox where "to" = $1 order by id desc limit 1`,
      [to],
    );
    if (row && row.status !== 'queued') return row;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no delivered mail to ${to}`);
}

/**
 * A test app and a signed-in admin for one `describe`: made before its tests, closed after them. Read
 * `app.t` and `app.admin` inside the tests (they exist once `beforeAll` ran).
 */
export function withAdminApp(env: Record<string, string> = {}) {
  const app = {} as { t: TestApp; admin: Awaited<ReturnType<typeof signedIn>> };
  beforeAll(async () => {
    app.t = await createTestApp(env);
    app.admin = await signedIn(app.t, ['admin']);
  });
  afterAll(() => app.t?.close());
  return app;
}
