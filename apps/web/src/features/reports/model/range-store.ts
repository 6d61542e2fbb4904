import { type Granularity, MAX_HOURLY_DAYS, type ReportRange, rangeDays } from '@tally/contracts';
import { create } from 'zustand';

/** The period every report page reads; shared so moving between reports keeps it. */
export interface RangeValue {
  range: ReportRange;
  /** Local dates (YYYY-MM-DD) of a custom range. */
  from?: string;
  to?: string;
  compare: boolean;
  granularity: Granularity;
}

interface RangeStore extends RangeValue {
  setRange(range: Exclude<ReportRange, 'custom'>): void;
  setCustom(from: string, to: string): void;
  setCompare(compare: boolean): void;
  setGranularity(granularity: Granularity): void;
}

/** One day reads best by hour, longer periods by day. */
const naturalGranularity = (days: number): Granularity => (days <= 1 ? 'hour' : 'day');

export const useRangeStore = create<RangeStore>()((set) => ({
  range: 'today',
  compare: false,
  granularity: 'hour',
  setRange(range) {
    set({ range, from: undefined, to: undefined, granularity: naturalGranularity(rangeDays({ range })) });
  },
  setCustom(from, to) {
    set({
      range: 'custom',
      from,
      to,
      granularity: naturalGranularity(rangeDays({ range: 'custom', from, to })),
    });
  },
  setCompare(compare) {
    set({ compare });
  },
  setGranularity(granularity) {
    set({ granularity });
  },
}));

/** Hour granularity is refused for periods longer than the server allows. */
export const hourlyAllowed = (value: RangeValue) => rangeDays(value) <= MAX_HOURLY_DAYS;

/** The query parameters of the period, as every report call takes them. */
export function useRangeParams(withGranularity = false) {
  const range = useRangeStore((s) => s.range);
  const from = useRangeStore((s) => s.from);
  const to = useRangeStore((s) => s.to);
  const compare = useRangeStore((s) => s.compare);
  const granularity = useRangeStore((s) => s.granularity);
  const base = range === 'custom' ? { range, from, to, compare } : { range, compare };
  return withGranularity ? { ...base, granularity } : base;
}
