import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCircles } from '../../../scripts/import-circles.mjs';

/**
 * The web's layer rules (docs/architecture.md, "Web"), checked over the import graph of
 * apps/web/src so a violation fails `npm test`:
 *  - a feature never imports another feature: what several features need lives in components/,
 *    lib/ or stores/ (only app/, which composes features, may import them);
 *  - components/, lib/ and stores/ never import features/, layout/ or app/: shared code does not
 *    know who uses it;
 *  - layout/ (the shell) imports no feature, and a feature imports nothing from app/ (the route
 *    types it declares itself with live in lib/);
 *  - no import circle, type-only imports included.
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

/** One import: the importing file and what it names, both relative to src/. */
interface Import {
  from: string;
  spec: string;
  to: string;
}

function importGraph(files: string[]): Import[] {
  return files.flatMap((file) =>
    importsOf(readFileSync(file, 'utf8')).map((spec) => ({
      from: relative(SRC, file),
      spec,
      to: relative(SRC, resolve(dirname(file), spec)),
    })),
  );
}

function violations(imports: Import[]): string[] {
  const found: string[] = [];
  for (const { from: fromFile, spec, to: toFile } of imports) {
    const from = layerOf(join(SRC, fromFile));
    const to = layerOf(join(SRC, toFile));
    const where = `${fromFile} imports ${spec}`;
    if (from[0] === 'features' && to[0] === 'features' && to[1] !== from[1]) found.push(where);
    if (SHARED.includes(from[0]!) && CONSUMERS.includes(to[0]!)) found.push(where);
    if (from[0] === 'layout' && to[0] === 'features') found.push(where);
    if (from[0] === 'features' && to[0] === 'app') found.push(where);
  }
  return found;
}

/** A module's file as an import names it: `./x` may be `x.ts`, `x.tsx` or `x/index.ts`. */
function fileOf(target: string, files: Set<string>): string | undefined {
  const bare = target.replace(/\.(js|ts|tsx)$/, '');
  return [`${bare}.ts`, `${bare}.tsx`, join(bare, 'index.ts'), join(bare, 'index.tsx'), target].find((f) =>
    files.has(f),
  );
}

/** Import circles among the sources, each as its files in order (tests left out). */
function circles(imports: Import[]): string[] {
  const isTest = (f: string) => /\.test\.tsx?$/.test(f) || f.startsWith(`test${sep}`);
  const files = new Set(imports.map((i) => i.from));
  return importCircles(
    imports.flatMap(({ from, to }) => {
      const target = fileOf(to, files);
      return target && !isTest(from) ? [{ from, to: target }] : [];
    }),
  );
}

describe('web layer rules', () => {
  const graph = importGraph(sourceFiles(SRC));

  it('hold in the web sources', () => {
    expect(graph.length).toBeGreaterThan(300);
    expect(violations(graph)).toEqual([]);
    expect(circles(graph)).toEqual([]);
  });

  it('name the imports that break them', () => {
    const at = (from: string, spec: string) => ({ from, spec, to: join(dirname(from), spec) });
    expect(
      violations([
        at('features/reports/pages/ip-page.tsx', '../../sites/api'),
        at('lib/formatters.ts', '../layout/menu-icon'),
        at('layout/user-menu.tsx', '../features/auth/api'),
        at('features/sites/index.ts', '../../app/route-types'),
        at('features/sites/index.ts', '../../lib/route-types'),
        at('app/router.tsx', '../features/sites'),
      ]),
    ).toEqual([
      'features/reports/pages/ip-page.tsx imports ../../sites/api',
      'lib/formatters.ts imports ../layout/menu-icon',
      'layout/user-menu.tsx imports ../features/auth/api',
      'features/sites/index.ts imports ../../app/route-types',
    ]);
  });

  it('find import circles, type-only ones too', () => {
    expect(
      circles([
        { from: 'lib/a.ts', spec: './b', to: 'lib/b' },
        { from: 'lib/b.ts', spec: './a', to: 'lib/a' },
        { from: 'lib/c.ts', spec: './a', to: 'lib/a' },
      ]),
    ).toEqual(['lib/a.ts → lib/b.ts → lib/a.ts']);
  });
});
