import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { crashNextPglite } from '../test/pglite-crash.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { SettingsRepository } from './modules/settings/settings.repository.js';
import { start } from './server.js';

// Each test starts the whole server (migrations on a fresh embedded database): on a loaded machine that
// alone can pass the suite's 30 s default, so these wait longer.
describe('the server process', { timeout: 120_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('seals an SMTP password an older version stored in plain text when it starts', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tally-server-'));
    const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' });
    /** Opens the data directory while no server holds it. */
    const withSettings = async <T>(use: (repo: SettingsRepository) => Promise<T>): Promise<T> => {
      const db = await openDatabase(config);
      try {
        await db.migrate();
        return await use(new SettingsRepository(db.orm));
      } finally {
        await db.close();
      }
    };
    const signals = new Map<string, () => void>();
    vi.spyOn(process, 'once').mockImplementation(((signal: string, stop: () => void) => {
      signals.set(signal, stop);
      return process;
    }) as never);
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      await withSettings((repo) => repo.upsert({ smtp_pass: 'plain-old-pass' }));
      await start(config);
      // A clean stop closes the database, so the directory can be opened again here.
      signals.get('SIGTERM')?.();
      // A wait, not a speed check: a stop on a loaded machine takes seconds, past poll's 1 s default.
      await expect.poll(() => exit.mock.calls, { timeout: 30_000 }).toEqual([[0]]);
      const stored = await withSettings(async (repo) => String((await repo.all()).smtp_pass));
      expect(stored).toMatch(/^sealed:v1:/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('exits when its embedded database thread ends, so the supervisor starts it again', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tally-server-'));
    const thread = crashNextPglite();
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const app = await start(
      loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' }),
    );
    try {
      expect(exit).not.toHaveBeenCalled();
      await thread.crash();
      await expect.poll(() => exit.mock.calls, { timeout: 30_000 }).toEqual([[1]]);
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
