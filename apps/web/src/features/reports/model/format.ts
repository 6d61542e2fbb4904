import { toThousands } from '../../../lib/formatters';

/** Rates arrive as 0..1 fractions, durations as whole seconds. */
export type MetricKind = 'count' | 'rate' | 'seconds';

const RATE_KEYS = new Set(['bounce_rate', 'exit_rate', 'ratio']);
const SECOND_KEYS = new Set(['avg_duration', 'avg_time', 'duration']);

export function metricKind(key: string): MetricKind {
  if (RATE_KEYS.has(key)) return 'rate';
  if (SECOND_KEYS.has(key)) return 'seconds';
  return 'count';
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 3725 → 01:02:05, the way Baidu Tongji and CNZZ show visit lengths. */
export function formatSeconds(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

export function formatRate(rate: number): string {
  return `${(rate * 100).toFixed(2)}%`;
}

export function formatMetric(key: string, value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  const kind = metricKind(key);
  if (kind === 'rate') return formatRate(value);
  if (kind === 'seconds') return formatSeconds(value);
  return toThousands(value);
}

/** Relative change against the previous period; null when there is nothing to compare with. */
export function change(current: number, previous: number | null | undefined): number | null {
  if (previous === null || previous === undefined || previous === 0) return null;
  return (current - previous) / previous;
}

/** Up is good, except for rates of leaving (bounce, exit): there a rise is bad news. */
export function isGoodChange(key: string, delta: number): boolean {
  return key === 'bounce_rate' || key === 'exit_rate' ? delta < 0 : delta > 0;
}

export function formatChange(delta: number): string {
  const sign = delta > 0 ? '+' : '';
  return `${sign}${(delta * 100).toFixed(1)}%`;
}
