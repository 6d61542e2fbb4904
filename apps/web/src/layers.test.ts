import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The web's layer rules (docs/architecture.md, "Layer rules"), checked over the import graph of
 * apps/web/src so a violation fails `npm test`:
 *  - a feature never imports another feature: what several features need lives in components/,
 *    lib/ or stores/ (only app/, which composes features, may import them);
 *  - components/, lib/ and stores/ never import features/, layout/ or app/: shared code does not
 *    know who uses it.
 */

const SRC = dirname(fileURLToPath(import.meta.url));
const SHARED = ['components', 'lib', 'stores'];
const CONSUMERS = ['features', 'layout', 'app'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

/** Relative specifiers of static imports, re-exports and dynamic imports (globs included). */
function importsOf(code: string): string[] {
  const found = code.matchAll(
    /(?:from\s+|import\s*\(\s*|import\s+|import\.meta\.glob[^(]*\(\s*)['"](\.[^'"]+)['"]/g,
  );
  return [...found].map((m) => m[1]);
}

/** ['features', 'sites'] for src/features/sites/..., ['lib'] for src/lib/... */
function layerOf(path: string): string[] {
  const parts = relative(SRC, path).split(sep);
  return parts[0] === 'features' ? parts.slice(0, 2) : parts.slice(0, 1);
}

function violations(files: string[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    const from = layerOf(file);
    for (const spec of importsOf(readFileSync(file, 'utf8'))) {
      const to = layerOf(resolve(dirname(file), spec));
      const where = `${relative(SRC, file)} imports ${spec}`;
      if (from[0] === 'features' && to[0] === 'features' && to[1] !== from[1]) found.push(where);
      if (SHARED.includes(from[0]) && CONSUMERS.includes(to[0])) found.push(where);
    }
  }
  return found;
}

describe('web layer rules', () => {
  it('no feature imports another, and shared code imports no feature, layout or app module', () => {
    expect(violations(sourceFiles(SRC))).toEqual([]);
  });
});
