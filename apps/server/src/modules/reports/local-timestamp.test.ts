import { describe, expect, it } from 'vitest';
import { localTimestamp } from './local-timestamp.js';

describe('visit times in the CSV: the site wall clock with its offset', () => {
  it.each([
    ['2026-03-10T01:10:00.000Z', 'Asia/Shanghai', '2026-03-10 09:10:00+08:00'],
    ['2026-03-09T16:00:00.000Z', 'Asia/Shanghai', '2026-03-10 00:00:00+08:00'],
    ['2026-03-10T01:10:05.000Z', 'UTC', '2026-03-10 01:10:05+00:00'],
    ['2026-03-10T01:10:00.000Z', 'Asia/Kolkata', '2026-03-10 06:40:00+05:30'],
    // Either side of the US change to summer time (2026-03-08, 02:00 local).
    ['2026-03-08T06:59:59.000Z', 'America/New_York', '2026-03-08 01:59:59-05:00'],
    ['2026-03-08T07:00:00.000Z', 'America/New_York', '2026-03-08 03:00:00-04:00'],
  ])('%s in %s is %s', (iso, zone, expected) => {
    expect(localTimestamp(iso, zone)).toBe(expected);
    // Still the same instant for a program reading the file.
    expect(new Date(expected.replace(' ', 'T')).toISOString()).toBe(iso);
  });
  it('leaves a value it cannot read as it is', () => {
    expect(localTimestamp('not a time', 'Asia/Shanghai')).toBe('not a time');
  });
});
