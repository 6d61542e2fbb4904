import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

/** The mode of `npm run dev:mock` (`vite --mode mock`): main.tsx starts the mocks only in it. */
export const MOCK_MODE = 'mock';

/**
 * Serves msw's service worker script at /mockServiceWorker.js from the installed package, on the
 * dev server in mock mode only. Nothing is copied into public/, so the script always matches the
 * installed msw and can never end up in a production build.
 */
export function mockServiceWorker(): Plugin {
  return {
    name: 'tally:mock-service-worker',
    apply: (_config, env) => env.command === 'serve' && env.mode === MOCK_MODE,
    configureServer(server) {
      const script = createRequire(import.meta.url).resolve('msw/mockServiceWorker.js');
      server.middlewares.use('/mockServiceWorker.js', (_req, res) => {
        res.setHeader('Content-Type', 'text/javascript');
        res.setHeader('Cache-Control', 'no-store');
        res.end(readFileSync(script));
      });
    },
  };
}
