import { describe, expect, it } from 'vitest';
import { zonedTime } from './zoned-time';

describe('site wall-clock time', () => {
  it('shows an instant in the site time zone', () => {
    expect(zonedTime('2025-03-01T16:30:05Z', 'Asia/Shanghai')).toBe('2025-03-02 00:30:05');
    expect(zonedTime('2025-03-01T16:30:05Z', 'UTC')).toBe('2025-03-01 16:30:05');
  });
  it('leaves what it cannot read alone', () => {
    expect(zonedTime('not a date', 'UTC')).toBe('not a date');
  });
});
