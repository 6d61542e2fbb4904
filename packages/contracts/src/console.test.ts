import { describe, expect, it } from 'vitest';
import { microToUsdt } from './console.js';

describe('microToUsdt', () => {
  it('writes micro-USDT as an exact USDT decimal string', () => {
    expect(microToUsdt(0n)).toBe('0');
    expect(microToUsdt(1n)).toBe('0.000001');
    expect(microToUsdt(12_500_000n)).toBe('12.5');
    expect(microToUsdt(-1_750_001n)).toBe('-1.750001');
    // Past 2^53 micro-USDT, where a float would round.
    expect(microToUsdt(9_007_199_254_740_993n)).toBe('9007199254.740993');
  });
});
