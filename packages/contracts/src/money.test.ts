import { describe, expect, it } from 'vitest';
import { formatMicros } from './money.js';

describe('formatMicros', () => {
  it('writes micro-USDT as an exact USDT decimal string', () => {
    expect(formatMicros(0n)).toBe('0');
    expect(formatMicros(1n)).toBe('0.000001');
    expect(formatMicros(12_500_000n)).toBe('12.5');
    expect(formatMicros(-1_750_001n)).toBe('-1.750001');
    // Past 2^53 micro-USDT, where a float would round.
    expect(formatMicros(9_007_199_254_740_993n)).toBe('9007199254.740993');
  });
});
