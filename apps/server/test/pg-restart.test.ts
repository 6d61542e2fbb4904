// The fault test of PostgreSQL going away under load (issue 25): a real Tally process (src/cli.ts
// serve, over HTTP) on a throwaway cluster of its own, restarted twice with `pg_ctl restart -m fast`
// while collect hits, balance adjustments and report reads run, then stopped before a SIGTERM. Never
// the suite's shared TEST_DATABASE_URL cluster: this one has its own directory and port.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ADMIN_USER_PATHS,
  CONSOLE_PATHS,
  REPORT_BASE,
  REPORT_PATHS,
  siteSaveBodySchema,
} from '@tally/contracts';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { startTempPostgres, type TempPostgres } from '../../../scripts/pg-temp.mjs';
import { createServices } from '../src/app.js';
import { listenerName, openPostgres } from '../src/db/client.js';
import { testConfig } from './app.js';

const CLI = path.resolve(import.meta.dirname, '../src/cli.ts');
const UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** An owner with a site, an admin, and the user the admin's adjustments credit; tokens for both. */
async function seed(url: string, dataDir: string) {
  const db = await openPostgres(url, 2, () => undefined);
  try {
    await db.migrate();
    const s = createServices({ config: testConfig(dataDir), db }, pino({ level: 'silent' }));
    const user = (username: string, roles: ('user' | 'admin')[]) =>
      s.users.create({
        username,
        email: `${username}@example.test`,
        password: 'correct horse battery',
        roles,
      });
    const owner = await user('owner', ['user']);
    const admin = await user('admin', ['admin']);
    const target = await user('target', ['user']);
    const site = await s.sites.save(
      {
        sessionId: 0,
        kind: 'user',
        userId: owner.id,
        siteId: null,
        roles: ['user'],
        name: 'owner',
        token: '',
      },
      siteSaveBodySchema.parse({ name: 'Restart', domains: ['restart.example'] }),
    );
    return {
      siteId: site.id,
      key: site.tracking_key,
      adminId: admin.id,
      targetId: target.id,
      ownerToken: await s.sessions.open({ kind: 'user', userId: owner.id }),
      adminToken: await s.sessions.open({ kind: 'user', userId: admin.id }),
    };
  } finally {
    await db.close();
  }
}

/** What the load saw: per kind, each answer's status and when the request started and ended. */
interface Answer {
  kind: 'collect' | 'money' | 'read';
  ok: boolean;
  status: number;
  start: number;
  end: number;
  /** The start of a failure's body, to show what an unexpected one said. */
  said?: string;
}

describe('a PostgreSQL restart under load', () => {
  it('leaves the process running, loses nothing acknowledged and serves again within 5 s', async (ctx) => {
    const port = await freePort();
    const pg: TempPostgres | undefined = startTempPostgres(port);
    if (!pg) return ctx.skip();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tally-pg-restart-'));
    let child: ChildProcess | undefined;
    let output = '';
    try {
      const seeded = await seed(pg.url, dataDir);
      const httpPort = await freePort();
      const base = `http://127.0.0.1:${httpPort}`;
      child = spawn(process.execPath, ['--import', 'tsx', CLI, 'serve'], {
        env: {
          ...process.env,
          DATABASE_URL: pg.url,
          DATA_DIR: dataDir,
          PORT: String(httpPort),
          HOST: '127.0.0.1',
          LOG_LEVEL: 'warn',
          APP_SECRET: 'test-secret-test-secret-test-secret-0123',
          WEB_DIST: path.join(dataDir, 'no-web'),
          TRUST_PROXY: 'true',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
      child.stdout!.on('data', (d) => (output += d));
      child.stderr!.on('data', (d) => (output += d));
      const alive = () => child!.exitCode === null && child!.signalCode === null;
      const explain = () => `server output (tail):\n${output.slice(-4000)}`;

      const until = Date.now() + 60_000;
      for (;;) {
        const res = await fetch(`${base}/healthz`).catch(() => undefined);
        if (res?.ok) break;
        if (!alive() || Date.now() > until)
          throw new Error(`the server did not become healthy\n${explain()}`);
        await sleep(200);
      }

      // The load: tracker hits (each a unique page id), balance adjustments (each its own request id),
      // report and console reads. Every answer is kept; 2xx ones are what must be stored.
      const answers: Answer[] = [];
      const ackedHits: string[] = [];
      const ackedAdjustments: string[] = [];
      let running = true;
      let n = 0;
      const call = async (
        kind: Answer['kind'],
        send: () => Promise<Response>,
        ok: (status: number, body: string) => boolean,
      ) => {
        const start = Date.now();
        let status = 0;
        let body = '';
        try {
          const res = await send();
          status = res.status;
          body = await res.text();
        } catch (err) {
          body = String(err); // a connection the server dropped: status 0
        }
        const good = ok(status, body);
        answers.push({
          kind,
          ok: good,
          status,
          start,
          end: Date.now(),
          ...(good ? {} : { said: body.slice(0, 300) }),
        });
      };
      const api = (token: string) => ({ 'x-token': token, 'x-random': String(Math.random()) });
      const envelopeOk = (status: number, body: string) =>
        status === 200 && (JSON.parse(body) as { code: number }).code === 200;
      const collector = async () => {
        while (running) {
          n += 1;
          const id = `h${n}`;
          await call(
            'collect',
            () =>
              fetch(`${base}/api/collect`, {
                method: 'POST',
                headers: {
                  'content-type': 'text/plain;charset=UTF-8',
                  'user-agent': UA,
                  'x-forwarded-for': `61.135.169.${1 + (n % 200)}`,
                },
                body: JSON.stringify({
                  s: seeded.key,
                  t: 'pv',
                  u: `https://restart.example/p/${n % 20}`,
                  v: `visitor${n % 300}`,
                  p: id,
                }),
              }),
            (status) => {
              if (status === 204) ackedHits.push(id);
              return status === 204;
            },
          );
        }
      };
      const banker = async () => {
        while (running) {
          const requestId = randomUUID();
          await call(
            'money',
            () =>
              fetch(`${base}${ADMIN_USER_PATHS.adjustBalance}`, {
                method: 'POST',
                headers: { ...api(seeded.adminToken), 'content-type': 'application/json' },
                body: JSON.stringify({
                  id: seeded.targetId,
                  amount: '0.01',
                  reason: 'restart test',
                  request_id: requestId,
                }),
              }),
            (status, body) => {
              const good = envelopeOk(status, body);
              if (good) ackedAdjustments.push(`${seeded.adminId}:${requestId}`);
              return good;
            },
          );
        }
      };
      const reader = async (url: string, token: string) => {
        while (running) await call('read', () => fetch(url, { headers: api(token) }), envelopeOk);
      };
      const load = [
        ...Array.from({ length: 6 }, collector),
        ...Array.from({ length: 3 }, banker),
        reader(`${base}${REPORT_BASE}${REPORT_PATHS.overview}?site_id=${seeded.siteId}`, seeded.ownerToken),
        reader(`${base}${CONSOLE_PATHS.fetch}`, seeded.adminToken),
      ];

      /** Milliseconds from `back` to the end of the first success of each kind that started after it. */
      const recovery = async (back: number) => {
        const first: Record<string, number> = {};
        const deadline = back + 15_000;
        while (Date.now() < deadline && Object.keys(first).length < 3) {
          for (const a of answers)
            if (a.ok && a.start >= back && !(a.kind in first)) first[a.kind] = a.end - back;
          await sleep(50);
        }
        return first;
      };

      await sleep(1500);
      const recoveries: Record<string, number>[] = [];
      for (let round = 0; round < 2; round++) {
        await pg.ctl('restart', '-m', 'fast');
        recoveries.push(await recovery(Date.now()));
        await sleep(1500);
      }
      running = false;
      await Promise.all(load);

      expect(alive(), explain()).toBe(true);
      const failures = answers.filter((a) => !a.ok);
      // In-flight requests may fail, cleanly: a 503, never a 500 or a dropped connection.
      const unexpected = new Map<string, string | undefined>();
      for (const a of failures) if (a.status !== 503) unexpected.set(`${a.kind} ${a.status}`, a.said);
      expect(Object.fromEntries(unexpected), explain()).toEqual({});
      for (const r of recoveries) {
        expect(Object.keys(r).sort(), explain()).toEqual(['collect', 'money', 'read']);
        for (const ms of Object.values(r)) expect(ms).toBeLessThan(5000);
      }
      const res = await fetch(`${base}/healthz`);
      expect(res.status, explain()).toBe(200);

      // Every acknowledged write is stored, and every balance is the sum of its ledger entries.
      const db = await openPostgres(pg.url, 2, () => undefined);
      try {
        const stored = new Set(
          (
            await db.query<{ page_id: string }>('select page_id from events where site_id = $1', [
              seeded.siteId,
            ])
          ).map((r) => r.page_id),
        );
        expect(ackedHits.filter((id) => !stored.has(id))).toEqual([]);
        const entries = new Set(
          (
            await db.query<{ ref_id: string }>(
              "select ref_id from ledger_entries where ref_type = 'admin_adjustment'",
            )
          ).map((r) => r.ref_id),
        );
        expect(ackedAdjustments.filter((id) => !entries.has(id))).toEqual([]);
        const s = createServices({ config: testConfig(dataDir), db }, pino({ level: 'silent' }));
        expect(await s.ledger.mismatches()).toEqual([]);
        // The short links' LISTEN connection is back, once: not lost, and not doubled by each restart.
        const [listeners] = await db.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where application_name = $1',
          [listenerName('short_links')],
        );
        expect(listeners?.n, explain()).toBe(1);
      } finally {
        await db.close();
      }

      // The database gone, with hits waiting: SIGTERM still ends the process within seconds.
      await pg.ctl('stop', '-m', 'fast');
      const waiting = Array.from({ length: 20 }, (_, i) =>
        fetch(`${base}/api/collect`, {
          method: 'POST',
          headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': UA },
          body: JSON.stringify({
            s: seeded.key,
            t: 'pv',
            u: 'https://restart.example/',
            v: `waiting${i}`,
            p: `w${i}`,
          }),
        }).then(
          (r) => r.status,
          () => 0,
        ),
      );
      await sleep(500);
      const termAt = Date.now();
      child.kill('SIGTERM');
      const code = await Promise.race([exited, sleep(10_000).then(() => 'still running')]);
      const stopMs = Date.now() - termAt;
      expect({ code, seconds: Math.round(stopMs / 1000) }, explain()).toMatchObject({ code: 0 });
      // Those hits were answered, 503, before the process ended.
      expect(new Set(await Promise.all(waiting))).toEqual(new Set([503]));
      const byKind = (kind: Answer['kind']) =>
        `${answers.filter((a) => a.kind === kind).length}/${failures.filter((a) => a.kind === kind).length}`;
      console.log(
        `pg-restart: requests/503s collect ${byKind('collect')}, money ${byKind('money')}, reads ${byKind('read')}; ` +
          `${ackedHits.length} hits and ${ackedAdjustments.length} adjustments acknowledged, all stored; ` +
          `served again after ${recoveries.map((r) => JSON.stringify(r)).join(', ')} ms; SIGTERM with the database away: exited in ${stopMs} ms`,
      );
      await pg.ctl('start');
    } finally {
      if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      try {
        pg.stop();
      } catch {
        // already stopped by a failed assertion above; its directory is removed anyway
      }
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
