import { endianness } from 'node:os';

/**
 * Sets of keys as sorted 64-bit hashes: a day's keys of a report dimension, written by the daily recount
 * (rollups.sql.ts, KEY_HASHES) as PostgreSQL's `hashtextextended(key, 0)` values, each 8 bytes
 * big-endian (`int8send`), in ascending order. The number of distinct keys over several days is the number
 * of distinct hashes in the union of their sets: exact unless two keys share a hash, which for n keys
 * happens with odds of about n² / 2^65 (one in 37 million at a million keys).
 */

/** Bytes per hash. */
export const HASH_BYTES = 8;

/**
 * How many distinct hashes the sets hold together. One native sort of them all, then a pass that counts
 * where a hash differs from the one before it (compared as two 32-bit halves, no BigInt per hash).
 */
export function countDistinctHashes(sets: readonly Uint8Array[]): number {
  let bytes = 0;
  for (const set of sets) {
    if (set.length % HASH_BYTES !== 0) throw new Error(`not a set of hashes: ${set.length} bytes`);
    bytes += set.length;
  }
  if (bytes === 0) return 0;
  const all = new Uint8Array(bytes);
  let at = 0;
  for (const set of sets) {
    all.set(set, at);
    at += set.length;
  }
  // Big-endian as stored; the typed arrays read the machine's order.
  if (endianness() === 'LE') Buffer.from(all.buffer).swap64();
  new BigInt64Array(all.buffer).sort();
  const halves = new Uint32Array(all.buffer);
  let distinct = 1;
  for (let i = 2; i < halves.length; i += 2) {
    if (halves[i] !== halves[i - 2] || halves[i + 1] !== halves[i - 1]) distinct++;
  }
  return distinct;
}
