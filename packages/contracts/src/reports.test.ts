import { describe, expect, it } from 'vitest';
import { rangeDays } from './report-constants.js';
import { dimQuerySchema, trendQuerySchema, visitLogQuerySchema } from './reports-schemas.js';

describe('report queries', () => {
  it('defaults to today without comparison, JSON, first page', () => {
    expect(dimQuerySchema.parse({})).toEqual({
      range: 'today',
      compare: false,
      format: 'json',
      lang: 'zh-CN',
      page: 1,
      limit: 20,
      sort: '-visits',
    });
  });

  it('reads query-string flags and numbers', () => {
    const q = dimQuerySchema.parse({ site_id: '7', compare: 'true', page: '2', sort: 'pv' });
    expect(q).toMatchObject({ site_id: 7, compare: true, page: 2, sort: 'pv' });
    expect(dimQuerySchema.parse({ compare: '0' }).compare).toBe(false);
    expect(dimQuerySchema.safeParse({ compare: 'maybe' }).success).toBe(false);
  });

  it('custom ranges need from ≤ to within 366 days', () => {
    const issues = (q: object) =>
      dimQuerySchema.safeParse({ range: 'custom', ...q }).error?.issues.map((i) => i.path.join('.')) ?? [];
    expect(issues({})).toEqual(['from', 'to']);
    expect(issues({ from: '2026-02-30', to: '2026-03-01' })).toEqual(['from']);
    expect(issues({ from: '2026-03-02', to: '2026-03-01' })).toEqual(['to']);
    expect(issues({ from: '2025-01-01', to: '2026-01-02' })).toEqual(['to']);
    expect(issues({ from: '2025-01-01', to: '2026-01-01' })).toEqual([]);
    expect(rangeDays({ range: 'custom', from: '2026-02-27', to: '2026-03-01' })).toBe(3);
  });

  it('hourly trends cover at most 31 days; sorts are whitelisted', () => {
    expect(trendQuerySchema.safeParse({ range: '30d', granularity: 'hour' }).success).toBe(true);
    const long = trendQuerySchema.safeParse({
      range: 'custom',
      from: '2026-01-01',
      to: '2026-02-01',
      granularity: 'hour',
    });
    expect(long.error?.issues[0]?.path).toEqual(['granularity']);
    expect(dimQuerySchema.safeParse({ sort: 'password' }).success).toBe(false);
    expect(visitLogQuerySchema.safeParse({ sort: '-pv' }).success).toBe(false);
  });
});
