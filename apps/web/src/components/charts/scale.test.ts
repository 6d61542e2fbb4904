import { describe, expect, it } from 'vitest';
import { niceTicks, runs, smoothPath } from './scale';

describe('niceTicks', () => {
  it('steps by 1, 2, 2.5 or 5 times a power of ten up to at least the maximum', () => {
    expect(niceTicks(93)).toEqual([0, 20, 40, 60, 80, 100]);
    expect(niceTicks(12)).toEqual([0, 2.5, 5, 7.5, 10, 12.5]);
    expect(niceTicks(0.37)).toEqual([0, 0.1, 0.2, 0.3, 0.4]);
  });
  it('never steps finer than the minimum interval (no half visitors), and draws an empty axis', () => {
    expect(niceTicks(3, 1)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(0, 1)).toEqual([0, 1]);
    expect(niceTicks(0)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
  });
});

describe('smoothPath', () => {
  it('is a straight line for two points and cubic segments after', () => {
    expect(
      smoothPath([
        [0, 10],
        [10, 20],
      ]),
    ).toBe('M0,10L10,20');
    const path = smoothPath([
      [0, 10],
      [10, 20],
      [20, 5],
    ]);
    expect(path.startsWith('M0,10C')).toBe(true);
    expect(path.match(/C/g)).toHaveLength(2);
  });
  it('stays flat where the data is flat (monotone: no overshoot below a zero line)', () => {
    const path = smoothPath([
      [0, 100],
      [10, 100],
      [20, 100],
      [30, 50],
    ]);
    // The control points of the flat stretches keep y = 100.
    expect(path).toContain('C3.33,100 6.67,100 10,100');
  });
});

describe('runs', () => {
  it('breaks a line at missing values', () => {
    expect(runs([1, 2, null, 4])).toEqual([
      [
        { index: 0, value: 1 },
        { index: 1, value: 2 },
      ],
      [{ index: 3, value: 4 }],
    ]);
  });
});
