import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { e2eShards, planShards } from './e2e-shards.mjs';

it('puts every file in exactly one shard, the heaviest first into the lightest', () => {
  const seconds = { a: 700, b: 200, c: 150, d: 100, e: 90, f: 10 };
  const shards = planShards(Object.keys(seconds), 2, seconds);
  expect(shards).toEqual([['a'], ['b', 'c', 'd', 'e', 'f']]);
  // A file without a measurement weighs the median of the others (c's 150 here): it joins the lighter.
  expect(planShards([...Object.keys(seconds), 'new'], 2, seconds)).toEqual([
    ['a'],
    ['b', 'c', 'd', 'e', 'f', 'new'],
  ]);
  expect(planShards(['x', 'y'], 3, {})).toEqual([['x'], ['y'], []]);
});

it('shards the real spec folder: every spec once, no shard empty', () => {
  const specs = readdirSync(path.join(import.meta.dirname, '../e2e/specs')).filter((f) =>
    f.endsWith('.spec.ts'),
  );
  const shards = e2eShards(2);
  expect(shards.flat().sort()).toEqual(specs.sort());
  expect(shards.every((files) => files.length > 0)).toBe(true);
});
