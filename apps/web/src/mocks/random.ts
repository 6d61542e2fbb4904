/**
 * A seeded pseudo-random generator (mulberry32), so the generated lists are the same on every
 * start and tests can rely on them. Not for anything secret.
 */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)];
  return {
    next,
    int,
    pick,
    /** A number in [min, max] with `digits` decimals. */
    float: (min: number, max: number, digits: number): number =>
      Number((min + next() * (max - min)).toFixed(digits)),
    /** `count` words from `words`, first one capitalised. */
    title: (words: readonly string[], count: number): string => {
      const picked = Array.from({ length: count }, () => pick(words));
      const sentence = picked.join(' ');
      return sentence.charAt(0).toUpperCase() + sentence.slice(1);
    },
    hex: (length: number): string => Array.from({ length }, () => int(0, 15).toString(16)).join(''),
  };
}

export type SeededRandom = ReturnType<typeof seededRandom>;
