import { describe, expect, it } from 'vitest';
import { axisLabels } from './time-keys';

describe('axis labels of points over time', () => {
  it('shows only the hour when the chart is one day', () => {
    expect(axisLabels(['2025-03-01 00:00', '2025-03-01 01:00'])).toEqual(['00:00', '01:00']);
  });
  it('shows month, day and hour across days', () => {
    expect(axisLabels(['2025-03-01 23:00', '2025-03-02 00:00'])).toEqual(['03-01 23:00', '03-02 00:00']);
  });
  it('shows month and day by day', () => {
    expect(axisLabels(['2025-02-28', '2025-03-01'])).toEqual(['02-28', '03-01']);
  });
});
