import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { mockServiceWorker } from './mock-worker-plugin';
import { pureContracts } from './pure-contracts';

/** Contracts are consumed from source so the web build never waits for `tsc -b` of the package. */
export const contractsAlias = {
  '@tally/contracts': fileURLToPath(new URL('../../packages/contracts/src/index.ts', import.meta.url)),
};

/** antd with its rc-components, css-in-js and helpers (see codeSplitting below). */
const ANTD =
  /node_modules[\\/](antd|@ant-design|@rc-component|rc-[\w-]+|dayjs|@babel[\\/]runtime|stylis|@emotion|clsx|classnames|scroll-into-view-if-needed|compute-scroll-into-view|throttle-debounce|json2mq|string-convert|resize-observer-polyfill)[\\/]/;

const ICONS = /node_modules[\\/]@ant-design[\\/]icons(-svg)?[\\/]/;

/**
 * The date pickers (about 28 KB on the wire): only the pages with a date filter load them. Their
 * locales stay out: antd's own locale (antd-scope.tsx, on every page) imports them.
 */
const PICKER_MODULE =
  /node_modules[\\/](antd[\\/]es[\\/](date-picker|time-picker|calendar)|@rc-component[\\/]picker)[\\/]/;
const isPicker = (id: string) => PICKER_MODULE.test(id) && !/[\\/]locale[\\/]/.test(id);

export default defineConfig({
  plugins: [react(), pureContracts(), mockServiceWorker()],
  resolve: { alias: contractsAlias },
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
  build: {
    // Which chunks a route loads, for looking into a first load (bench/web-bundle.mjs measures it).
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
        // Requests cost as much as bytes on a cold load (each response carries about 1 KB of
        // headers), so the splitter is steered (issue 29 §8, bench/web-bundle.mjs):
        codeSplitting: {
          groups: [
            // Everything the entry imports statically is needed before any page paints: one chunk.
            { name: 'initial', tags: ['$initial'], priority: 3 },
            // Icons are a few hundred bytes each: one chunk instead of a request per icon.
            { name: 'icons', test: ICONS, priority: 2 },
            // Pulled out of the shared antd chunk below: pages without a date filter never load it.
            // Below antd's priority so that what the picker shares with other components stays there.
            { name: 'antd-picker', test: isPicker, priority: 0 },
            // The parts of antd that 20 or more lazy chunks share (the layout's and the common
            // components'): one chunk instead of a chunk per mix of pages sharing each module.
            // Rarer components (the tree, the colour picker) stay with their pages.
            {
              name: 'antd',
              test: (id: string) => ANTD.test(id) && !isPicker(id),
              priority: 1,
              minShareCount: 20,
            },
          ],
          // Common chunks below 8 KB of source are copied into their importers rather than
          // fetched on their own: the copies cost less than the requests they save.
          experimentalInlineCommonChunks: { maxSize: 8000 },
        },
      },
    },
  },
});
