// Builds dist/tj.js (minified IIFE) and prints its gzipped size against the 1.5 KB budget.
import { mkdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const BUDGET = 1536;
const outfile = new URL('./dist/tj.js', import.meta.url).pathname;
mkdirSync(new URL('./dist/', import.meta.url), { recursive: true });
await build({
  entryPoints: [new URL('./src/tj.ts', import.meta.url).pathname],
  outfile,
  bundle: true,
  minify: true,
  format: 'iife',
  target: 'es2018',
  legalComments: 'none',
});
const code = readFileSync(outfile);
const gz = gzipSync(code, { level: 9 }).length;
console.log(`tj.js: ${code.length} B, ${gz} B gzipped (budget ${BUDGET} B)`);
if (gz > BUDGET) {
  console.error('tj.js is over its gzipped size budget');
  process.exit(1);
}
