// The browser suite's shards, cut by measured time rather than by count: Playwright's own --shard cuts
// the sorted list of tests into equal counts, and the 105 quick-looking accessibility checks put 1,525 s
// of test time in shard 1 against 1,217 s in shard 2 (stop 37's run), so the step lasted as long as the
// longer shard. Here each spec file weighs its seconds in e2e/durations.json (a file not listed weighs
// the median) and the heaviest file goes first to the lightest shard.
//
// `node scripts/e2e-shards.mjs --refresh` rewrites e2e/durations.json from the last run's reports
// (.tmp/reports/e2e-*.json, which `npm test` writes).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { specsOf } from './e2e-failure-context.mjs';

const root = path.resolve(import.meta.dirname, '..');
const specsDir = path.join(root, 'e2e/specs');
const durationsFile = path.join(root, 'e2e/durations.json');

/**
 * `files` (names in e2e/specs) in `count` shards of about equal measured seconds, each shard's list
 * sorted by name; `seconds` maps a file to its weight.
 * @param {string[]} files
 * @param {number} count
 * @param {Record<string, number>} seconds
 * @returns {string[][]}
 */
export function planShards(files, count, seconds) {
  const known = files.map((f) => seconds[f]).filter((s) => s !== undefined);
  const sorted = [...known].sort((a, b) => a - b);
  const median = sorted.length ? sorted[Math.floor(sorted.length / 2)] : 1;
  const weight = (f) => seconds[f] ?? median;
  const shards = Array.from({ length: count }, () => ({ files: [], total: 0 }));
  const heaviestFirst = [...files].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b));
  for (const file of heaviestFirst) {
    const lightest = shards.reduce((min, s) => (s.total < min.total ? s : min));
    lightest.files.push(file);
    lightest.total += weight(file);
  }
  return shards.map((s) => s.files.sort());
}

/** The spec files, and each shard's list for `count` shards by the committed durations. */
export function e2eShards(count) {
  const files = readdirSync(specsDir).filter((f) => f.endsWith('.spec.ts'));
  const seconds = existsSync(durationsFile) ? JSON.parse(readFileSync(durationsFile, 'utf8')) : {};
  return planShards(files, count, seconds);
}

/** Seconds of test time per spec file in a Playwright JSON report (its top-level suites are the files). */
export function fileSeconds(report) {
  const out = {};
  for (const suite of report.suites ?? []) {
    const results = [...specsOf([suite])].flatMap(({ spec }) => spec.tests.flatMap((test) => test.results));
    out[suite.file] = Math.round(results.reduce((sum, r) => sum + r.duration, 0) / 1000);
  }
  return out;
}

// Only when run as a script: scripts/test.mjs imports this file.
if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv.includes('--refresh')) {
  const reports = path.join(root, '.tmp/reports');
  const merged = {};
  for (const name of readdirSync(reports).filter((f) => /^e2e-\d+\.json$/.test(f)))
    Object.assign(merged, fileSeconds(JSON.parse(readFileSync(path.join(reports, name), 'utf8'))));
  const ordered = Object.fromEntries(Object.entries(merged).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(durationsFile, `${JSON.stringify(ordered, null, 2)}\n`);
  console.log(`e2e/durations.json: ${Object.keys(ordered).length} files`);
}
