import type { Worker } from 'node:worker_threads';
import { vi } from 'vitest';
import { PgliteThread } from '../src/db/pglite-thread.js';

/**
 * Watches the next embedded database to be opened, and crashes its thread on demand: the thread ends
 * without being asked to, as it would after an abort inside PGlite or an uncaught error in its code.
 */
export function crashNextPglite(): { crash(): Promise<void> } {
  const start = vi.spyOn(PgliteThread, 'start');
  return {
    async crash() {
      const thread = (await start.mock.results[0]?.value) as PgliteThread;
      start.mockRestore();
      await (thread as unknown as { worker: Worker }).worker.terminate();
    },
  };
}
