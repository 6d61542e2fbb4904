import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { mockServiceWorker } from './mock-worker-plugin';
import { pureContracts } from './pure-contracts';

/** Contracts are consumed from source so the web build never waits for `tsc -b` of the package. */
export const contractsAlias = {
  '@tally/contracts': fileURLToPath(new URL('../../packages/contracts/src/index.ts', import.meta.url)),
};

/** antd with its rc-components, css-in-js and helpers (see codeSplitting below). */
const ANTD =
  /node_modules[\\/](antd|@ant-design|@rc-component|rc-[\w-]+|dayjs|@babel[\\/]runtime|stylis|@emotion|clsx|classnames|scroll-into-view-if-needed|compute-scroll-into-view|throttle-debounce|json2mq|string-convert|resize-observer-polyfill)[\\/]/;

const RC_TREE = /node_modules[\\/]@rc-component[\\/]tree[\\/]/;

const ICONS = /node_modules[\\/]@ant-design[\\/]icons(-svg)?[\\/]/;

/**
 * The date pickers (about 30 KB on the wire, dayjs's parsing and week plugins included): no first
 * load carries them. The range filters (the reports' custom range, the lists' day filter) show a
 * stand-in and fetch them when used (components/keyboard-range-picker.tsx), and so do the article
 * and short-link forms' date-time fields (components/keyboard-date-picker.tsx); the other forms with a
 * date field (API keys, coupons) load them with their dialog. Their locales stay out: antd's own
 * locale (antd-scope.tsx, on every page) imports them.
 */
const PICKER_MODULE =
  /node_modules[\\/](antd[\\/]es[\\/](date-picker|time-picker|calendar)|@rc-component[\\/]picker)[\\/]/;
const isPicker = (id: string) => PICKER_MODULE.test(id) && !/[\\/]locale[\\/]/.test(id);

/**
 * Two antd imports that Tally never renders but that would sit in the antd chunk every page loads:
 * the table's column-filter dropdown imports Tree (with @rc-component/tree, about 46 KB raw) only for
 * `filterMode: 'tree'`, and Card imports Tabs only for `tabList`. Neither is used (no `filterMode`, no
 * `tabList` in apps/web/src), so for those two importers alone the import resolves to a stub of ours
 * that throws if it is ever rendered; every other import of antd's Tree or Tabs (the pages with tabs)
 * gets the real one. Build only: the dev server's pre-bundled antd keeps the real imports.
 */
const ANTD_STUBS: { importer: RegExp; source: string; stub: string }[] = [
  {
    importer: /node_modules[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]FilterDropdown\.js$/,
    source: '../../../tree',
    stub: 'src/lib/antd-stubs/tree.tsx',
  },
  {
    importer: /node_modules[\\/]antd[\\/]es[\\/]card[\\/]Card\.js$/,
    source: '../tabs',
    stub: 'src/lib/antd-stubs/card-tabs.tsx',
  },
];

function antdStubs(): Plugin {
  return {
    name: 'tally:antd-stubs',
    enforce: 'pre',
    apply: 'build',
    resolveId(source, importer) {
      const hit = importer && ANTD_STUBS.find((s) => s.source === source && s.importer.test(importer));
      return hit ? fileURLToPath(new URL(hit.stub, import.meta.url)) : null;
    },
  };
}

export default defineConfig({
  plugins: [react(), pureContracts(), mockServiceWorker(), antdStubs()],
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
      // @rc-component/tree declares no `sideEffects`, so the table's row selection, which imports a
      // few helpers (arrAdd, conductCheck…) from its index, would keep the whole tree component in
      // the antd chunk; its modules only define components and functions (see antdStubs above).
      treeshake: {
        moduleSideEffects: (id: string) => !id.includes('/packages/contracts/src/') && !RC_TREE.test(id),
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
            // Pulled out of the shared antd chunk below: a first load never fetches it (see PICKER_MODULE).
            // Below antd's priority so that what the picker shares with other components stays there.
            { name: 'antd-picker', test: isPicker, priority: 0 },
            // The parts of antd that 20 or more lazy chunks share (the layout's and the common
            // components'): one chunk instead of a chunk per mix of pages sharing each module.
            // Rarer components stay with their pages: the colour picker, and Tabs (six pages; since
            // Card's import of it is stubbed, see antdStubs, a `tabs-*.js` chunk those pages share).
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
