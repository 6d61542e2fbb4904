import { describe, expect, it } from 'vitest';
import { change, formatChange, formatMetric, formatSeconds, isGoodChange } from './format';

describe('report formatting', () => {
  it('shows counts with thousands separators, rates as percentages, durations as h:m:s', () => {
    expect(formatMetric('pv', 1234567)).toBe('1,234,567');
    expect(formatMetric('bounce_rate', 0.4567)).toBe('45.67%');
    expect(formatMetric('ratio', 1)).toBe('100.00%');
    expect(formatMetric('avg_duration', 3725)).toBe('01:02:05');
    expect(formatMetric('uv', null)).toBe('—');
  });
  it('never shows a negative duration', () => {
    expect(formatSeconds(-3)).toBe('00:00:00');
  });
  it('compares with the previous period, and has nothing to say against zero', () => {
    expect(change(150, 100)).toBe(0.5);
    expect(change(5, 0)).toBeNull();
    expect(change(5, undefined)).toBeNull();
    expect(formatChange(0.5)).toBe('+50.0%');
    expect(formatChange(-0.125)).toBe('-12.5%');
  });
  it('counts a falling bounce or exit rate as good news', () => {
    expect(isGoodChange('pv', 0.1)).toBe(true);
    expect(isGoodChange('bounce_rate', 0.1)).toBe(false);
    expect(isGoodChange('exit_rate', -0.1)).toBe(true);
  });
});
