import { beforeEach, describe, expect, it } from 'vitest';
import { hourlyAllowed, useRangeStore } from './range-store';

describe('the report period', () => {
  beforeEach(() => useRangeStore.getState().setRange('today'));

  it('reads one day by hour and longer periods by day', () => {
    expect(useRangeStore.getState().granularity).toBe('hour');
    useRangeStore.getState().setRange('30d');
    expect(useRangeStore.getState()).toMatchObject({ range: '30d', granularity: 'day' });
    useRangeStore.getState().setCustom('2025-03-01', '2025-03-01');
    expect(useRangeStore.getState()).toMatchObject({ range: 'custom', granularity: 'hour' });
  });

  it('drops custom dates when a quick range is chosen', () => {
    useRangeStore.getState().setCustom('2025-03-01', '2025-03-09');
    useRangeStore.getState().setRange('7d');
    expect(useRangeStore.getState()).toMatchObject({ range: '7d', from: undefined, to: undefined });
  });

  it('allows hours for at most 31 days, as the server does', () => {
    expect(
      hourlyAllowed({
        range: 'custom',
        from: '2025-03-01',
        to: '2025-03-31',
        compare: false,
        granularity: 'hour',
      }),
    ).toBe(true);
    expect(
      hourlyAllowed({
        range: 'custom',
        from: '2025-03-01',
        to: '2025-04-01',
        compare: false,
        granularity: 'hour',
      }),
    ).toBe(false);
  });

  it('keeps the comparison across range changes', () => {
    useRangeStore.getState().setCompare(true);
    useRangeStore.getState().setRange('yesterday');
    expect(useRangeStore.getState().compare).toBe(true);
  });
});
