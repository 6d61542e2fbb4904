import { describe, expect, it } from 'vitest';
import { countDistinctHashes, HASH_BYTES } from './key-hashes.js';

/** A set as the database writes it: signed 64-bit values, ascending, 8 bytes big-endian each. */
function set(values: bigint[]): Uint8Array {
  const sorted = [...new Set(values)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const out = Buffer.alloc(sorted.length * HASH_BYTES);
  for (const [i, v] of sorted.entries()) out.writeBigInt64BE(v, i * HASH_BYTES);
  return out;
}

describe('countDistinctHashes', () => {
  it('counts the union of sets', () => {
    expect(countDistinctHashes([])).toBe(0);
    expect(countDistinctHashes([set([]), set([])])).toBe(0);
    expect(countDistinctHashes([set([1n, 2n, 3n]), set([2n, 3n, 4n]), set([9n])])).toBe(5);
  });

  it('tells apart hashes that differ in one half only, and signed from unsigned order', () => {
    const hi = 1n << 32n;
    const values = [-1n, 0n, 1n, hi, hi + 1n, -hi, -(1n << 63n), (1n << 63n) - 1n, 5n * hi + 7n];
    expect(countDistinctHashes([set(values.slice(0, 5)), set(values.slice(3)), set(values)])).toBe(
      values.length,
    );
  });

  it('equals a Set over random sets with repeats', () => {
    let seed = 7n;
    const next = () => {
      seed = (seed * 6364136223846793005n + 1442695040888963407n) & ((1n << 64n) - 1n);
      return BigInt.asIntN(64, seed);
    };
    const pool = Array.from({ length: 5000 }, next);
    const sets = Array.from({ length: 30 }, (_, d) =>
      pool.filter((_, i) => (i * 31 + d * 17) % 7 < 2 + (d % 3)),
    );
    expect(countDistinctHashes(sets.map(set))).toBe(new Set(sets.flat()).size);
  });

  it('refuses bytes that are not whole hashes', () => {
    expect(() => countDistinctHashes([new Uint8Array(12)])).toThrow(/not a set of hashes/);
  });
});
