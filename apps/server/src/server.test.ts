import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from './config.js';
import { PgliteThread } from './db/pglite-thread.js';
import { start } from './server.js';

describe('the server process', () => {
  const dirs: string[] = [];
  afterEach(() => {
    vi.restoreAllMocks();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('exits when its embedded database thread ends, so the supervisor starts it again', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tally-server-'));
    dirs.push(dataDir);
    const threadStart = vi.spyOn(PgliteThread, 'start');
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const app = await start(
      loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' }),
    );
    try {
      expect(exit).not.toHaveBeenCalled();
      const thread = (await threadStart.mock.results[0]?.value) as PgliteThread;
      // A crash: the thread ends without being asked to.
      await (thread as unknown as { worker: Worker }).worker.terminate();
      await expect.poll(() => exit.mock.calls).toEqual([[1]]);
    } finally {
      await app.close();
    }
  });
});
