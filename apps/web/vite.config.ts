import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { mockServiceWorker } from './mock-worker-plugin';
import { pureContracts } from './pure-contracts';

/** Contracts are consumed from source so the web build never waits for `tsc -b` of the package. */
export const contractsAlias = {
  '@tally/contracts': fileURLToPath(new URL('../../packages/contracts/src/index.ts', import.meta.url)),
};

export default defineConfig({
  plugins: [react(), pureContracts(), mockServiceWorker()],
  resolve: { alias: contractsAlias },
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
  build: {
    // bench/web-bundle.mjs walks the manifest to measure the first load of a route.
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // Contracts modules only declare schemas and constants. Building a zod schema (`z.…()`) has
      // no side effects, so an unused one is dropped and zod stays out of chunks that only need
      // a constant or the crypt helpers.
      treeshake: {
        moduleSideEffects: (id: string) => !id.includes('/packages/contracts/src/'),
        manualPureFunctions: ['z'],
      },
      output: {
        // Everything the entry imports statically is needed before any page paints, so it ships
        // as one chunk. Left to itself, the splitter cuts it into a chunk per mix of lazy pages
        // sharing each module, and every page added costs the first load more requests and bytes.
        codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] },
      },
    },
  },
});
