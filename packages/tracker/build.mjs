// Builds the tracker scripts (minified IIFEs) into dist/ and prints each one's gzipped size against its
// budget: tj.js (Tally's own, /tj.js), plausible.js (Plausible-compatible, /js/script.js and variants),
// umami.js (/script.js) and matomo.js (/matomo.js, /piwik.js).
import { mkdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const SCRIPTS = [
  { name: 'tj', budget: 1536 },
  { name: 'plausible', budget: 2048 },
  // Umami-compatible, /script.js (apps/server/src/modules/collect/compat).
  { name: 'umami', budget: 1536 },
  // Matomo-compatible, /matomo.js and /piwik.js (the same place).
  { name: 'matomo', budget: 2048 },
];
mkdirSync(new URL('./dist/', import.meta.url), { recursive: true });
let over = false;
for (const { name, budget } of SCRIPTS) {
  const outfile = new URL(`./dist/${name}.js`, import.meta.url).pathname;
  await build({
    entryPoints: [new URL(`./src/${name}.ts`, import.meta.url).pathname],
    outfile,
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2018',
    legalComments: 'none',
  });
  const code = readFileSync(outfile);
  const gz = gzipSync(code, { level: 9 }).length;
  console.log(`${name}.js: ${code.length} B, ${gz} B gzipped (budget ${budget} B)`);
  if (gz > budget) {
    console.error(`${name}.js is over its gzipped size budget`);
    over = true;
  }
}
if (over) process.exit(1);
