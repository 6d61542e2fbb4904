import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, it } from 'vitest';
import { CHROMIUM } from '../e2e/support/chromium.mjs';

// Chromium keeps only the last --disable-features, so ours must hold Playwright's own list (it is not
// exported): read it from the installed playwright-core, so an upgrade that adds a name fails here.
it("our --disable-features holds every one of Playwright's (Windows- and Edge-only names aside)", () => {
  const require = createRequire(import.meta.url);
  const core = path.dirname(require.resolve('playwright-core/package.json'));
  const bundle = readFileSync(path.join(core, 'lib/coreBundle.js'), 'utf8');
  const list = bundle.match(/disabledFeatures = \[([\s\S]*?)\]/)?.[1] ?? '';
  const theirs = [...list.matchAll(/"([A-Za-z0-9]+)"/g)].map((m) => m[1]);
  expect(theirs.length).toBeGreaterThan(5);
  const ours =
    CHROMIUM.args
      .find((a) => a.startsWith('--disable-features='))
      ?.split('=')[1]
      .split(',') ?? [];
  const platformOnly = (name) => name.startsWith('ms') || name.endsWith('Win');
  expect(theirs.filter((name) => !platformOnly(name) && !ours.includes(name))).toEqual([]);
});
