import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { crashNextPglite } from '../test/pglite-crash.js';
import { loadConfig } from './config.js';
import { start } from './server.js';

describe('the server process', () => {
  afterEach(() => vi.restoreAllMocks());

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
      await expect.poll(() => exit.mock.calls).toEqual([[1]]);
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
