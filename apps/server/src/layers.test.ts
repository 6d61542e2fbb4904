import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The layer rules of docs/architecture.md, checked over the import graph of the server's sources
 * (type-only imports count: they couple as much). A violation fails `npm test` and names the import.
 */
const SRC = import.meta.dirname;

interface Import {
  /** Importing file, relative to src/ (`modules/auth/auth.service.ts`). */
  from: string;
  /** Imported file, relative to src/, `.ts` (`modules/users/users.repository.ts`). */
  to: string;
}

const areaOf = (file: string) => /^modules\/([^/]+)\//.exec(file)?.[1];

/** Every rule a violation breaks, as a sentence naming the import. */
function violations(imports: Import[]): string[] {
  const found: string[] = [];
  for (const { from, to } of imports) {
    const fromArea = areaOf(from);
    const toArea = areaOf(to);
    if (fromArea && toArea && fromArea !== toArea && /\.repository\.ts$/.test(to)) {
      found.push(`${from} imports ${to}: an area reaches another area's data through its service`);
    }
    if (from.startsWith('lib/') && (to.startsWith('modules/') || /(^|\/)stores?\//.test(to))) {
      found.push(`${from} imports ${to}: lib/ is shared code and depends on no area or store`);
    }
  }
  return found;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.ts$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

const SPECIFIER = /(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g;

function importGraph(): Import[] {
  return sources(SRC).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(SPECIFIER)].map((m) => ({
      from: path.relative(SRC, file),
      to: path.relative(SRC, path.resolve(path.dirname(file), m[1]!)).replace(/\.js$/, '.ts'),
    })),
  );
}

describe('layer rules', () => {
  it('hold in the server sources', () => {
    const graph = importGraph();
    expect(graph.length).toBeGreaterThan(300);
    expect(violations(graph)).toEqual([]);
  });

  it('name the imports that break them', () => {
    expect(
      violations([
        { from: 'modules/auth/auth.service.ts', to: 'modules/users/users.repository.ts' },
        { from: 'modules/auth/auth.service.ts', to: 'modules/users/users.service.ts' },
        { from: 'modules/sites/groups.service.ts', to: 'modules/sites/sites.repository.ts' },
        { from: 'lib/period.ts', to: 'modules/collect/collect.service.ts' },
        { from: 'lib/list-query.ts', to: 'db/client.ts' },
      ]),
    ).toEqual([
      "modules/auth/auth.service.ts imports modules/users/users.repository.ts: an area reaches another area's data through its service",
      'lib/period.ts imports modules/collect/collect.service.ts: lib/ is shared code and depends on no area or store',
    ]);
  });
});
