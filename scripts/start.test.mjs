import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BUILD_INPUTS, buildState, cliArgs, markBuilt } from './start.mjs';

const roots = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A tiny project: one source folder, one output, the stamp beside the output. */
function project() {
  const root = mkdtempSync(path.join(tmpdir(), 'tally-start-'));
  roots.push(root);
  const write = (rel, text) => {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  };
  write('src/a.ts', 'export const a = 1;\n');
  write('src/node_modules/x.js', 'ignored');
  const layout = { inputs: ['src', 'package.json'], outputs: ['dist/cli.js'], stamp: 'dist/.build-inputs' };
  return { root, write, state: () => buildState(root, layout), mark: () => markBuilt(root, layout) };
}

describe('npm start', () => {
  it('starts from the build when it is current and rebuilds only after a source changed', () => {
    const p = project();
    expect(p.state()).toMatch(/^not built/);
    p.write('dist/cli.js', 'built');
    expect(p.state()).toBe('built without a record of its sources');
    p.mark();
    expect(p.state()).toBe('current');
    // Same content again (a checkout that only touched mtimes) is still current.
    p.write('src/a.ts', 'export const a = 1;\n');
    expect(p.state()).toBe('current');
    p.write('src/a.ts', 'export const a = 2;\n');
    expect(p.state()).toBe('sources changed');
    p.mark();
    p.write('src/b.ts', 'export const b = 1;\n');
    expect(p.state()).toBe('sources changed');
    p.mark();
    p.write('package.json', '{}');
    expect(p.state()).toBe('sources changed');
  });

  it('is wired as the start command, and the build records what it built', () => {
    const pkg = JSON.parse(readFileSync(path.join(import.meta.dirname, '../package.json'), 'utf8'));
    expect(pkg.scripts.start).toBe('node scripts/start.mjs');
    expect(pkg.scripts.build).toMatch(/node scripts\/start\.mjs --mark-built$/);
    expect(BUILD_INPUTS).toEqual(
      expect.arrayContaining(['apps/server/src', 'apps/web/src', 'packages/contracts']),
    );
  });

  it('names `serve` to the CLI when given no command (the CLI alone prints its usage)', () => {
    expect(cliArgs([])).toEqual(['serve']);
    expect(cliArgs(['migrate'])).toEqual(['migrate']);
  });
});
