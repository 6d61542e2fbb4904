#!/usr/bin/env node
// Writes `<file>.br` and `<file>.gz` beside every compressible file of a built folder (the web app's
// dist), once at build time at the strongest settings, so the server sends them as they are
// (@fastify/static `preCompressed`) instead of compressing on every request or not at all.
//
// Usage: node scripts/precompress.mjs <dir>
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|map|wasm)$/;
/** Below this a compressed copy saves less than its headers; the server then sends the file as it is. */
const MIN_BYTES = 256;

/** The compressed copies written, with sizes, for the build log. */
export function precompress(dir) {
  const written = [];
  for (const entry of readdirSync(dir, { recursive: true })) {
    const file = path.join(dir, String(entry));
    if (!COMPRESSIBLE.test(file) || !statSync(file).isFile()) continue;
    const raw = readFileSync(file);
    if (raw.length < MIN_BYTES) continue;
    const br = brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
    const gz = gzipSync(raw, { level: 9 });
    // A copy larger than the file would only cost bytes: the server falls back to the file.
    if (br.length < raw.length) writeFileSync(`${file}.br`, br);
    if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
    written.push({ file, raw: raw.length, br: br.length, gz: gz.length });
  }
  return written;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = path.resolve(process.argv[2] ?? 'dist');
  const written = precompress(dir);
  const sum = (key) => written.reduce((total, w) => total + w[key], 0);
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log(
    `precompress: ${written.length} files in ${path.relative(process.cwd(), dir) || '.'}: ${kb(sum('raw'))} → br ${kb(sum('br'))}, gzip ${kb(sum('gz'))}`,
  );
}
