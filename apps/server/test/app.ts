import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HEADER_RANDOM, HEADER_TOKEN } from '@tally/contracts';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { type BuildOptions, buildApp, type Services } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import { freshDatabase, type TestDatabase } from './database.js';

export const CAPTCHA_TEXT = 'k7m2';

export interface TestApp {
  app: FastifyInstance;
  services: Services;
  db: Database;
  /** PostgreSQL only: the test database, for a second connection of its own. */
  databaseUrl?: string;
  /** Sends a request the way the web client does (token and random-number headers). */
  call(
    method: InjectOptions['method'],
    url: string,
    opts?: { body?: unknown; token?: string; headers?: Record<string, string>; ip?: string },
  ): Promise<{ status: number; body: Body; headers: Record<string, unknown> }>;
  close(): Promise<void>;
}

export interface Body {
  code: number;
  message: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary response data
  data: any;
  x_token?: string;
  crypt?: 1;
  key?: string;
  error?: string;
  errors?: Record<string, string[]>;
}

/** A test process's configuration, in its own data directory; env overrides go through the real parser. */
export function testConfig(dataDir: string, env: Record<string, string> = {}) {
  return loadConfig({
    DATA_DIR: dataDir,
    APP_SECRET: 'test-secret-test-secret-test-secret-0123',
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...env,
  });
}

/** The real app on a fresh database; env overrides go through the real config parser. */
export async function createTestApp(
  env: Record<string, string> = {},
  build: Pick<BuildOptions, 'clock' | 'preview' | 'logger' | 'telegram' | 'jobCronSeconds' | 'playground'> & {
    /**
     * Runs before the queue starts, which creates the queues of the jobs defined by then (test jobs),
     * and puts the crons on: rows written here are there for the first scheduled run.
     */
    beforeReady?: (services: Services, db: Database) => void | Promise<void>;
    /** A database of the test's own (a migration test's), which `close()` leaves open. */
    database?: TestDatabase;
  } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tally-test-'));
  const config = testConfig(dataDir, env);
  const { beforeReady, database, ...buildOptions } = build;
  const { db, url: databaseUrl, drop } = database ?? (await freshDatabase());
  const { app, services } = await buildApp({
    config,
    db,
    captchaText: () => CAPTCHA_TEXT,
    jobPollingSeconds: 0.5,
    ...buildOptions,
  });
  await beforeReady?.(services, db);
  await app.ready();
  // The queue and the bots start in the background (app.ts); tests rely on both running.
  await Promise.all([services.jobs.ready(), services.telegramRuntime.ready()]);
  return {
    app,
    services,
    db,
    databaseUrl,
    async call(method, url, opts = {}) {
      const headers: Record<string, string> = { [HEADER_RANDOM]: String(Math.random()), ...opts.headers };
      if (opts.token) headers[HEADER_TOKEN] = opts.token;
      const res = await app.inject({
        method,
        url,
        headers,
        remoteAddress: opts.ip ?? '127.0.0.1',
        ...(opts.body === undefined
          ? {}
          : typeof opts.body === 'string'
            ? { payload: opts.body }
            : { payload: opts.body as object }),
      });
      let body: Body;
      try {
        body = res.json();
      } catch {
        body = { code: res.statusCode, message: res.body, data: null };
      }
      return { status: res.statusCode, body, headers: res.headers };
    },
    async close() {
      await app.close();
      if (!database) {
        await db.close();
        await drop();
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
