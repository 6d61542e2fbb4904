import { describe, expect, it } from 'vitest';
import { localDay, zonedMidnight } from './local-time.js';

describe('local time helpers', () => {
  it('localDay follows the zone', () => {
    const at = new Date('2026-03-01T16:30:00Z');
    expect(localDay(at, 'Asia/Shanghai')).toBe('2026-03-02');
    expect(localDay(at, 'UTC')).toBe('2026-03-01');
    expect(localDay(at, 'America/Los_Angeles')).toBe('2026-03-01');
  });
  it('zonedMidnight gives the instant a local day starts, across DST', () => {
    expect(zonedMidnight('2026-03-02', 'Asia/Shanghai').toISOString()).toBe('2026-03-01T16:00:00.000Z');
    expect(zonedMidnight('2026-03-02', 'UTC').toISOString()).toBe('2026-03-02T00:00:00.000Z');
    expect(zonedMidnight('2026-07-01', 'America/New_York').toISOString()).toBe('2026-07-01T04:00:00.000Z');
    expect(zonedMidnight('2026-01-01', 'America/New_York').toISOString()).toBe('2026-01-01T05:00:00.000Z');
    expect(zonedMidnight('2026-03-01', 'Asia/Kathmandu').toISOString()).toBe('2026-02-28T18:15:00.000Z');
  });
});
