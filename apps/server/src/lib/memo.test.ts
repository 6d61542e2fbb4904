import { describe, expect, it } from 'vitest';
import { memoByString } from './memo.js';

describe('memoByString', () => {
  it('computes each key once, including falsy results, and drops the oldest past the bound', () => {
    const calls: string[] = [];
    const f = memoByString((k) => {
      calls.push(k);
      return k === 'no' ? false : k.length;
    }, 2);
    expect([f('ab'), f('ab'), f('no'), f('no')]).toEqual([2, 2, false, false]);
    expect(calls).toEqual(['ab', 'no']);
    f('xyz'); // evicts 'ab', the oldest
    f('no');
    f('ab');
    expect(calls).toEqual(['ab', 'no', 'xyz', 'ab']);
  });
});
