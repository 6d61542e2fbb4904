import { setupWorker } from 'msw/browser';
import { MOCK_BASE } from './contract';
import { createMockHandlers } from './handlers';

/**
 * Starts Mock Service Worker in the page (`npm run dev:mock`). Only main.tsx's mock-mode branch
 * imports this file; the worker script itself is served by the dev server in that mode alone
 * (vite.config.ts, mock-worker-plugin.ts), so neither reaches apps/web/dist.
 */
export async function startMockWorker(): Promise<void> {
  const worker = setupWorker(...createMockHandlers());
  await worker.start({
    // Only the template's calls are mocked; the rest (Vite's modules, /api) pass untouched.
    onUnhandledRequest: 'bypass',
  });
  console.info(`[mocks] answering ${MOCK_BASE}/… from src/mocks/handlers.ts`);
}
