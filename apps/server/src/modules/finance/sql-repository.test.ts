import { describe, expect, it } from 'vitest';
import { Where } from './sql-repository.js';

describe('finance lists’ day filter (Where.daysBetween)', () => {
  it('bounds the column by the viewer’s days: local midnight of `from` up to the midnight after `to`', () => {
    const where = new Where().daysBetween('created_at', {
      from: '2026-03-01',
      to: '2026-03-01',
      tz: 'America/New_York',
    });
    expect(where.sql).toBe('where created_at >= $1 and created_at < $2');
    // 1 March in New York (UTC-5): 05:00 UTC that day to 05:00 UTC the next, so 23:30 local (04:30 UTC on 2 March) is in.
    expect(where.params).toEqual(['2026-03-01T05:00:00.000Z', '2026-03-02T05:00:00.000Z']);
  });

  it('a missing end is no bound, and without a zone the server’s zone counts', () => {
    expect(new Where().daysBetween('block_time', { to: '2026-03-01', tz: 'Asia/Shanghai' }).params).toEqual([
      '2026-03-01T16:00:00.000Z',
    ]);
    expect(new Where().daysBetween('block_time', {}).sql).toBe('');
  });
});
