import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import {
  ADMIN_PLAN_PATHS,
  ADMIN_USER_PATHS,
  BILLING_PATHS,
  FILES_PATHS,
  HEADER_RANDOM,
  HEADER_TOKEN,
  REPORT_BASE,
  WALLET_PATHS,
} from '@tally/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { writeBackup } from '../src/db/backup/dump.js';
import { BackupFileError, readBackup } from '../src/db/backup/format.js';
import { checkBackup, restoreBackup } from '../src/db/backup/restore.js';
import { type Database, openPglite, openPostgres } from '../src/db/client.js';
import { generateDemo } from '../src/modules/demo/demo.service.js';
import { newOwner, newSite } from './analytics-factories.js';
import { CAPTCHA_TEXT, createTestApp, type TestApp, testConfig } from './app.js';
import { adminQuery, testDatabaseUrl, withDatabase } from './database.js';
import { signedIn } from './factories.js';
import { recharge } from './money.js';
import { multipart, pngOfSize, SAMPLES } from './multipart.js';
import { mainSiteHits, NOW, secondSiteHits, writeTraffic } from './report-traffic.js';

const SECRET = testConfig('/nonexistent').appSecret;

/**
 * Tables a running app touches on its own between the backup and the comparison (a call refreshes its
 * session); everything else must come back row for row.
 */
const VOLATILE = new Set(['sessions', 'rate_limits', 'captchas']);

/** Every row of every table of the app's schema, as text, sorted: two databases compared whole. */
async function contents(db: Database): Promise<Record<string, string[]>> {
  return db.transaction(async (tx) => {
    await tx.query(`set local timezone = 'UTC'`);
    const tables = await tx.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema() and c.relkind in ('r', 'p') order by 1`,
    );
    const out: Record<string, string[]> = {};
    for (const { name } of tables) {
      if (VOLATILE.has(name)) continue;
      const rows = await tx.query<{ r: string }>(`select x::text as r from "${name}" x`);
      out[name] = rows.map((r) => r.r).sort();
    }
    return out;
  });
}

interface Target {
  app: FastifyInstance;
  get(url: string, token: string): Promise<{ status: number; body: unknown; raw: Buffer }>;
  close(): Promise<void>;
}

/** The real app on a restored database (HTTP only: no job workers to change it meanwhile). */
async function appOn(db: Database, dataDir: string): Promise<Target> {
  const config = testConfig(dataDir, { ROLE: 'serve' });
  const { app } = await buildApp({ config, db, captchaText: () => CAPTCHA_TEXT, clock: () => NOW });
  await app.ready();
  return {
    app,
    async get(url, token) {
      const res = await app.inject({
        method: 'GET',
        url,
        headers: { [HEADER_RANDOM]: '1', [HEADER_TOKEN]: token },
        remoteAddress: '127.0.0.1',
      });
      let body: unknown;
      try {
        body = res.json();
      } catch {
        body = undefined;
      }
      return { status: res.statusCode, body, raw: res.rawPayload };
    },
    close: () => app.close(),
  };
}

const ms = (from: number) => Date.now() - from;

/** Each table section's row count and checksum, as a backup file records them. */
async function tableDigests(file: string): Promise<string[]> {
  const out: string[] = [];
  await readBackup(file, { tableEnd: (t) => void out.push(`${t.name} ${t.rows} ${t.sha256}`) });
  return out;
}

/** A fresh PGlite directory alone takes 10–25 s to create on a busy machine (initdb inside WebAssembly). */
const SLOW = 180_000;

describe('backup and restore', () => {
  let t: TestApp;
  let work: string;
  let owner: Awaited<ReturnType<typeof newOwner>>;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  let buyer: Awaited<ReturnType<typeof signedIn>>;
  const reportUrls: string[] = [];
  let uploads: { url: string; bytes: Buffer }[] = [];
  let backupFile: string;
  let source: Record<string, string[]>;
  /** The PGlite data directory restored into, and its database (open across the tests). */
  let restoredDir: string;
  let restored: Database;

  /** What the comparisons read over HTTP, on the source app or a restored one. */
  const answers = async (get: (url: string, token: string) => Promise<{ status: number; body: unknown }>) => {
    const out: Record<string, unknown> = {};
    const read = async (key: string, url: string, token: string) => {
      const res = await get(url, token);
      expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(200);
      out[key] = res.body;
    };
    for (const url of reportUrls) await read(url, url, owner.token);
    for (const u of [owner, buyer, admin]) await read(`wallet ${u.username}`, WALLET_PATHS.info, u.token);
    await read('ledger', `${WALLET_PATHS.ledger}?page=1&limit=50`, buyer.token);
    await read('users', `${ADMIN_USER_PATHS.fetch}?page=1&limit=50`, admin.token);
    return out;
  };

  const sourceGet = async (url: string, token: string) => {
    const res = await t.call('GET', url, { token });
    return { status: res.status, body: res.body };
  };

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'tally-backup-'));
    t = await createTestApp({}, { clock: () => NOW });
    // Users, and a site with collected hits and its rollups (the reports' ground truth), plus demo traffic.
    owner = await newOwner(t);
    const site = await newSite(t, owner, { name: 'Main', domains: ['example.com'] });
    const second = await newSite(t, owner, { name: 'Second', domains: ['second.example'] });
    await writeTraffic(t, [...mainSiteHits(site.tracking_key), ...secondSiteHits(second.tracking_key)]);
    const demo = await generateDemo(t.services, {
      sites: 1,
      days: 10,
      visitsPerDay: 40,
      now: NOW,
      ownerEmail: owner.email,
    });
    for (const id of [site.id, second.id, ...demo.siteIds]) {
      reportUrls.push(`${REPORT_BASE}/overview?site_id=${id}&compare=1`);
      reportUrls.push(`${REPORT_BASE}/trend?site_id=${id}&range=7d`);
      reportUrls.push(`${REPORT_BASE}/trend?site_id=${id}&range=30d`);
    }
    // Money: an admin's credit, a recharge, a plan bought with the balance.
    admin = await signedIn(t, ['admin']);
    buyer = await signedIn(t);
    const call = (method: 'GET' | 'POST', url: string, token: string, body?: unknown) =>
      t.call(method, url, { token, body });
    const credited = await call('POST', ADMIN_USER_PATHS.adjustBalance, admin.token, {
      id: buyer.id,
      amount: '25.5',
      reason: 'welcome credit',
    });
    expect(credited.status, JSON.stringify(credited.body)).toBe(200);
    await recharge(t, buyer.id, 40_000_000n);
    const plan = await call('POST', ADMIN_PLAN_PATHS.save, admin.token, {
      name_zh: '专业版',
      name_en: 'Pro',
      prices: { month: '10', year: '100', onetime: null },
      limits: { sites: 5, monthly_pageviews: 1_000_000, bots: 3, retention_days: 365 },
    });
    const order = await call('POST', BILLING_PATHS.create, buyer.token, {
      plan_id: plan.body.data.id,
      period: 'month',
    });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    if (order.body.data.status !== 'paid')
      expect((await call('POST', BILLING_PATHS.pay, buyer.token, { id: order.body.data.id })).status).toBe(
        200,
      );
    // Uploaded files: a small image and a larger one crossing the backup's 48 KiB lines.
    const { payload, headers } = multipart([
      { filename: 'logo.png', content: SAMPLES.png },
      { filename: 'big.png', content: Buffer.concat([pngOfSize(1000), randomBytes(150_000)]) },
    ]);
    const up = await t.app.inject({
      method: 'POST',
      url: FILES_PATHS.upload,
      payload,
      headers: { ...headers, [HEADER_TOKEN]: admin.token },
    });
    expect(up.statusCode, up.body).toBe(200);
    const dir = t.services.fileStore.dir;
    uploads = await Promise.all(
      (up.json().data.list as { url: string }[]).map(async (f) => ({
        url: f.url,
        bytes: await readFile(path.join(dir, path.basename(f.url))),
      })),
    );
  }, SLOW);

  afterAll(async () => {
    await restored?.close();
    await t?.close();
    await rm(work, { recursive: true, force: true });
  });

  it(
    'backs up and restores into a fresh PGlite data directory: the same rows, reports, users, ledger and files',
    async () => {
      backupFile = path.join(work, 'tally.backup.gz');
      let started = Date.now();
      // Small batches, so every table of some size crosses batch boundaries (keyset paging on composite keys).
      const made = await writeBackup({
        db: t.db,
        dataDir: path.dirname(t.services.fileStore.dir),
        out: backupFile,
        appSecret: SECRET,
        batchRows: 50,
      });
      const backupMs = ms(started);
      source = await contents(t.db);
      expect(made.files).toBe(2);
      expect(made.header).toMatchObject({ t: 'tally-backup', format: 1, backend: t.db.kind });

      restoredDir = path.join(work, 'restored');
      started = Date.now();
      restored = await openPglite({ dataDir: path.join(restoredDir, 'pglite') });
      const openMs = ms(started);
      started = Date.now();
      const done = await restoreBackup({
        db: restored,
        dataDir: restoredDir,
        file: backupFile,
        appSecret: SECRET,
      });
      const restoreMs = ms(started);
      expect(done.sameSecret).toBe(true);
      expect(done.migratedAfter).toBe(0);
      console.log(
        `backup: ${made.tables} tables, ${made.rows} rows, ${made.files} files (${made.fileBytes} B) → ${made.bytes} B in ${backupMs} ms; ` +
          `a new PGlite directory opened in ${openMs} ms; restore (check, migrate, load, verify) in ${restoreMs} ms`,
      );

      // Row for row, every table (derived counters included: triggers were off while loading).
      const after = await contents(restored);
      expect(Object.keys(after)).toEqual(Object.keys(source));
      for (const table of Object.keys(source)) expect(after[table], table).toEqual(source[table]);

      // The same answers over HTTP: reports, wallets, the ledger page, the user list; the same files.
      const target = await appOn(restored, restoredDir);
      try {
        const want = await answers(sourceGet);
        const got = await answers(target.get);
        for (const key of Object.keys(want)) expect(got[key], key).toEqual(want[key]);
        for (const u of uploads) {
          const res = await target.get(u.url, admin.token);
          expect(res.status).toBe(200);
          expect(res.raw.equals(u.bytes)).toBe(true);
        }
        // The ledger's invariant holds, and sequences continue past the restored ids.
        const [broken] = await restored.query<{ n: number }>(
          `select count(*)::int as n from users u where u.balance <> coalesce((select sum(amount) from ledger_entries e
           where e.user_id = u.id and e.account = 'balance'), 0)`,
        );
        expect(broken?.n).toBe(0);
        const [seq] = await restored.query<{ next: string; max: string }>(
          `select nextval(pg_get_serial_sequence('users', 'id'))::text as next, (select max(id) from users)::text as max`,
        );
        expect(BigInt(seq!.next)).toBeGreaterThan(BigInt(seq!.max));
      } finally {
        await target.close();
      }
    },
    SLOW,
  );

  it(
    'refuses a cut-short, damaged or foreign file, and a target holding data, leaving the target as it was',
    async () => {
      const before = await contents(restored);
      const filesBefore = await readdir(path.join(restoredDir, 'files'));
      const good = await readFile(backupFile);
      const attempt = async (bytes: Buffer | string, force = true) => {
        const file = path.join(work, `attempt-${randomBytes(4).toString('hex')}`);
        await writeFile(file, bytes);
        return restoreBackup({ db: restored, dataDir: restoredDir, file, force, appSecret: SECRET }).then(
          () => 'restored',
          (err: Error) => err,
        );
      };
      const cut = await attempt(good.subarray(0, Math.floor(good.length * 0.6)));
      expect(cut).toBeInstanceOf(BackupFileError);
      expect((cut as Error).message).toMatch(
        /is incomplete: it ends before the end of the backup.*Nothing was restored/,
      );

      const flipped = Buffer.from(good);
      for (let i = 0; i < 16; i++) flipped[Math.floor(good.length / 2) + i]! ^= 0x5a;
      const damaged = await attempt(flipped);
      expect(damaged).toBeInstanceOf(BackupFileError);
      expect((damaged as Error).message).toMatch(/(is damaged|is incomplete).*Nothing was restored/);

      // Valid gzip, one value altered: the table's checksum catches it.
      const text = gunzipSync(good).toString('utf8');
      const altered = text.replace('welcome credit', 'welcome credjt');
      expect(altered).not.toBe(text);
      const edited = await attempt(gzipSync(Buffer.from(altered)));
      expect(edited).toBeInstanceOf(BackupFileError);
      expect((edited as Error).message).toMatch(/damaged: the rows of table \w+ do not match their checksum/);

      const foreign = await attempt('id,name\n1,alice\n');
      expect((foreign as Error).message).toMatch(/is not a Tally backup \(not gzip-compressed\)/);
      const otherGzip = await attempt(gzipSync(Buffer.from('{"hello":"world"}\n')));
      expect((otherGzip as Error).message).toMatch(/is not a Tally backup/);

      const unforced = await attempt(good, false);
      expect((unforced as Error).message).toMatch(
        /^The target is not empty: the database holds data \(.*users.*\)\. A restore replaces all of it: run it again with --force/,
      );

      expect(await contents(restored)).toEqual(before);
      expect(await readdir(path.join(restoredDir, 'files'))).toEqual(filesBefore);
      // No staging directory left behind.
      expect((await readdir(restoredDir)).filter((f) => f.startsWith('files.'))).toEqual([]);

      // Uploads identical to the backup's do not count (above); another file does.
      await writeFile(path.join(restoredDir, 'files', `${'f'.repeat(32)}.txt`), 'stray');
      expect(((await attempt(good, false)) as Error).message).toMatch(/ and .*files holds 1 file\. /);
      // With --force the target is replaced whole, and holds the backup again.
      await restoreBackup({
        db: restored,
        dataDir: restoredDir,
        file: backupFile,
        force: true,
        appSecret: SECRET,
      });
      expect(await contents(restored)).toEqual(before);
      expect(await readdir(path.join(restoredDir, 'files'))).toEqual(filesBefore);
    },
    SLOW,
  );

  it(
    'the command line: a refused restore is one line and exit status 1, and leaves a new DATA_DIR uncreated',
    async () => {
      const cut = path.join(work, 'cut.backup.gz');
      await writeFile(cut, (await readFile(backupFile)).subarray(0, 5000));
      const target = path.join(work, 'never-made');
      const { DATABASE_URL: _pg, ...env } = process.env;
      const res = await new Promise<{ code: number | null; out: string }>((resolve) => {
        execFile(
          process.execPath,
          ['--import', 'tsx', path.join(import.meta.dirname, '../src/cli.ts'), 'restore', cut],
          { env: { ...env, DATA_DIR: target, LOG_LEVEL: 'silent' }, timeout: 120_000 },
          (err, stdout, stderr) =>
            resolve({ code: err ? (err.code as number) : 0, out: `${stdout}${stderr}` }),
        );
      });
      expect(res.code).toBe(1);
      expect(res.out.trim().split('\n').at(-1)).toBe(
        `${cut} is incomplete: it ends before the end of the backup (cut short while copying, or the backup was interrupted). Nothing was restored.`,
      );
      expect(res.out).not.toMatch(/\n\s+at /);
      expect(existsSync(target)).toBe(false);
    },
    SLOW,
  );

  it.skipIf(!testDatabaseUrl())(
    'moves to PostgreSQL: a backup of the restored PGlite directory restored into a new database',
    async () => {
      const file = path.join(work, 'from-pglite.backup.gz');
      const made = await writeBackup({ db: restored, dataDir: restoredDir, out: file, appSecret: SECRET });
      expect(made.header.backend).toBe('pglite');
      const checked = await checkBackup(file);
      const name = `tally_restore_${randomBytes(6).toString('hex')}`;
      await adminQuery(`create database ${name}`);
      // The same DATA_DIR as the PGlite instance (docs/operations.md): its files/ already holds the uploads.
      const pgDir = path.join(work, 'pg-data');
      await cp(path.join(restoredDir, 'files'), path.join(pgDir, 'files'), { recursive: true });
      const db = await openPostgres(withDatabase(testDatabaseUrl()!, name), 3, () => undefined);
      try {
        const started = Date.now();
        await restoreBackup({ db, dataDir: pgDir, file, appSecret: SECRET, checked });
        console.log(`restore into a new PostgreSQL database: ${ms(started)} ms`);
        const after = await contents(db);
        for (const table of Object.keys(source)) expect(after[table], table).toEqual(source[table]);
        // And back: a backup read from PostgreSQL (over TCP, batches spanning many reads) holds the
        // very rows, byte for byte, that the one read from PGlite held.
        const again = path.join(work, 'from-postgres.backup.gz');
        await writeBackup({ db, dataDir: pgDir, out: again, appSecret: SECRET });
        expect(await tableDigests(again)).toEqual(await tableDigests(file));
        const target = await appOn(db, pgDir);
        try {
          const want = await answers(sourceGet);
          const got = await answers(target.get);
          for (const key of Object.keys(want)) expect(got[key], key).toEqual(want[key]);
          for (const u of uploads)
            expect((await target.get(u.url, admin.token)).raw.equals(u.bytes)).toBe(true);
        } finally {
          await target.close();
        }
      } finally {
        await db.close();
        await adminQuery(`drop database if exists ${name} with (force)`);
      }
    },
    SLOW,
  );
});
