import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCircles } from '../../../scripts/import-circles.mjs';

/**
 * The layer rules of docs/architecture.md ("Layer rules"), checked over the import graph of the
 * server's sources (type-only imports count: they couple as much). A violation fails `npm test` and
 * names the import.
 */
const SRC = import.meta.dirname;

interface Source {
  /** Relative to src/ (`modules/auth/auth.service.ts`). */
  file: string;
  code: string;
}

interface Import {
  /** Importing file, relative to src/ (`modules/auth/auth.service.ts`). */
  from: string;
  /** Imported file, relative to src/, `.ts` (`modules/users/users.repository.ts`). */
  to: string;
}

const areaOf = (file: string) => /^modules\/([^/]+)\//.exec(file)?.[1];
const isTest = (file: string) => /\.test\.ts$/.test(file) || file.startsWith('testing/');

/** The one door into another area: its service (what it does) or its module file (its types). */
const isAreaDoor = (file: string) => /\.(service|module)\.ts$/.test(file);

/** Where SQL may be written: repositories and the database layer. */
const maySql = (file: string) => /\.repository\.ts$/.test(file) || file.startsWith('db/');

/**
 * Layers from the bottom up: a file imports only from its own layer or below. `config.ts` (the
 * validated environment) is the bottom; the files at the top of src/ (app, server, cli) compose the
 * rest. `plugins/` may name a service's type (the auth plugin resolves sessions), and `testing/`
 * (fakes for tests) is outside the layers.
 */
const LAYERS = ['config', 'lib', 'db', 'jobs', 'kernel', 'plugins', 'modules', 'app'];
const layerOf = (file: string) => {
  if (file === 'config.ts') return 'config';
  const top = file.split('/')[0]!;
  return LAYERS.includes(top) ? top : file.includes('/') ? top : 'app';
};
const levelOf = (file: string) => LAYERS.indexOf(layerOf(file));

/** Every rule an import breaks, as a sentence naming the import. */
function importViolations(imports: Import[]): string[] {
  const found: string[] = [];
  for (const { from, to } of imports) {
    if (isTest(from)) continue;
    const fromArea = areaOf(from);
    const toArea = areaOf(to);
    if (fromArea && toArea && fromArea !== toArea && !isAreaDoor(to)) {
      found.push(
        `${from} imports ${to}: another area is reached only through its *.service.ts or *.module.ts`,
      );
    }
    // One exception: the CLI's `playground` command loads the try-it mode, which runs the fakes.
    if (to.startsWith('testing/') && !(from === 'cli.ts' && to === 'testing/playground.ts')) {
      found.push(`${from} imports ${to}: testing/ holds fakes for tests, never imported by the product`);
    }
    const up = levelOf(to) > levelOf(from) && levelOf(from) >= 0;
    const allowed = layerOf(from) === 'plugins' && /\.service\.ts$/.test(to);
    if (up && !allowed) {
      found.push(`${from} imports ${to}: ${layerOf(from)}/ sits below ${layerOf(to)}/ and never imports it`);
    }
  }
  return found;
}

/** SQL outside repositories and db/: a query builder or a `sql` template in a route, service or lib. */
function sqlViolations(sources: Source[]): string[] {
  const found: string[] = [];
  for (const { file, code } of sources) {
    if (isTest(file) || maySql(file)) continue;
    if (/^import\s+(?!type\b)[^;]*from\s+'drizzle-orm(\/[^']*)?'/m.test(code)) {
      found.push(`${file} imports drizzle-orm: SQL is written only in *.repository.ts and db/`);
    }
  }
  return found;
}

/** Import circles among the sources, each as its files in order (type-only imports count). */
const circles = (imports: Import[]) => importCircles(imports.filter(({ from }) => !isTest(from)));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.ts$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

const SPECIFIER = /(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g;

function readSources(): Source[] {
  return sourceFiles(SRC).map((full) => ({
    file: path.relative(SRC, full),
    code: readFileSync(full, 'utf8'),
  }));
}

function importGraph(sources: Source[]): Import[] {
  return sources.flatMap(({ file, code }) =>
    [...code.matchAll(SPECIFIER)].map((m) => ({
      from: file,
      to: path.relative(SRC, path.resolve(path.dirname(path.join(SRC, file)), m[1]!)).replace(/\.js$/, '.ts'),
    })),
  );
}

describe('layer rules', () => {
  const sources = readSources();
  const graph = importGraph(sources);

  it('hold in the server sources', () => {
    expect(graph.length).toBeGreaterThan(300);
    expect(importViolations(graph)).toEqual([]);
    expect(sqlViolations(sources)).toEqual([]);
    expect(circles(graph)).toEqual([]);
  });

  it('name the imports that break them', () => {
    expect(
      importViolations([
        { from: 'modules/auth/auth.service.ts', to: 'modules/users/users.repository.ts' },
        { from: 'modules/auth/auth.service.ts', to: 'modules/users/users.service.ts' },
        { from: 'modules/auth/auth.routes.ts', to: 'modules/telegram/telegram.module.ts' },
        { from: 'modules/telegram/bots.service.ts', to: 'modules/sites/site-access.ts' },
        { from: 'modules/sites/groups.service.ts', to: 'modules/sites/sites.repository.ts' },
        { from: 'lib/period.ts', to: 'modules/collect/collect.service.ts' },
        { from: 'lib/list-query.ts', to: 'db/client.ts' },
        { from: 'plugins/auth.ts', to: 'modules/sessions/sessions.service.ts' },
        { from: 'db/client.ts', to: 'plugins/envelope.ts' },
        { from: 'modules/finance/finance.module.ts', to: 'testing/fake-trongrid.ts' },
      ]),
    ).toEqual([
      'modules/auth/auth.service.ts imports modules/users/users.repository.ts: another area is reached only through its *.service.ts or *.module.ts',
      'modules/telegram/bots.service.ts imports modules/sites/site-access.ts: another area is reached only through its *.service.ts or *.module.ts',
      'lib/period.ts imports modules/collect/collect.service.ts: lib/ sits below modules/ and never imports it',
      'lib/list-query.ts imports db/client.ts: lib/ sits below db/ and never imports it',
      'db/client.ts imports plugins/envelope.ts: db/ sits below plugins/ and never imports it',
      'modules/finance/finance.module.ts imports testing/fake-trongrid.ts: testing/ holds fakes for tests, never imported by the product',
    ]);
  });

  it('find SQL outside repositories', () => {
    expect(
      sqlViolations([
        { file: 'modules/sites/sites.service.ts', code: "import { eq } from 'drizzle-orm';" },
        { file: 'modules/sites/sites.service.ts', code: "import type { SQL } from 'drizzle-orm';" },
        { file: 'modules/sites/sites.repository.ts', code: "import { eq } from 'drizzle-orm';" },
        { file: 'lib/list-query.ts', code: "import { asc, desc } from 'drizzle-orm';" },
      ]),
    ).toEqual([
      'modules/sites/sites.service.ts imports drizzle-orm: SQL is written only in *.repository.ts and db/',
      'lib/list-query.ts imports drizzle-orm: SQL is written only in *.repository.ts and db/',
    ]);
  });

  it('find import circles, type-only ones too', () => {
    expect(
      circles([
        { from: 'modules/finance/a.ts', to: 'modules/finance/b.ts' },
        { from: 'modules/finance/b.ts', to: 'modules/finance/c.ts' },
        { from: 'modules/finance/c.ts', to: 'modules/finance/a.ts' },
        { from: 'modules/sites/x.ts', to: 'modules/sites/y.ts' },
      ]),
    ).toEqual(['modules/finance/a.ts → modules/finance/b.ts → modules/finance/c.ts → modules/finance/a.ts']);
  });
});
