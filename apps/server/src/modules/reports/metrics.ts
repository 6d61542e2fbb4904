import type { Metrics, PageMetrics } from '@tally/contracts';

/** Additive counters as rollups store them; rates are derived from them only at the end. */
export interface Sums {
  pv: number;
  uv: number;
  ip: number;
  visits: number;
  new_visitors: number;
  bounces: number;
  duration_ms: number;
}

export interface PageSums extends Sums {
  entries: number;
  exits: number;
}

export const SUM_KEYS = ['pv', 'uv', 'ip', 'visits', 'new_visitors', 'bounces', 'duration_ms'] as const;
export const PAGE_SUM_KEYS = [...SUM_KEYS, 'entries', 'exits'] as const;

export const ZERO: Sums = { pv: 0, uv: 0, ip: 0, visits: 0, new_visitors: 0, bounces: 0, duration_ms: 0 };

/** Numbers from a database row (bigint sums arrive as strings). */
export function sumsOf(row: Record<string, unknown> | undefined): PageSums {
  const out = { ...ZERO, entries: 0, exits: 0 };
  if (!row) return out;
  for (const k of PAGE_SUM_KEYS) out[k] = Number(row[k] ?? 0);
  return out;
}

export function addSums(rows: Sums[]): Sums {
  const out = { ...ZERO };
  for (const r of rows) for (const k of SUM_KEYS) out[k] += r[k];
  return out;
}

/** a / b with four decimals; 0 when b is 0. */
export const rate = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 10_000) / 10_000 : 0);
const seconds = (ms: number, per: number) => (per > 0 ? Math.round(ms / per / 1000) : 0);

export function toMetrics(s: Sums): Metrics {
  return {
    pv: s.pv,
    uv: s.uv,
    ip: s.ip,
    visits: s.visits,
    new_visitors: s.new_visitors,
    bounce_rate: rate(s.bounces, s.visits),
    avg_duration: seconds(s.duration_ms, s.visits),
  };
}

export function toPageMetrics(s: PageSums): PageMetrics {
  return {
    pv: s.pv,
    uv: s.uv,
    ip: s.ip,
    visits: s.visits,
    entries: s.entries,
    exits: s.exits,
    exit_rate: rate(s.exits, s.pv),
    avg_time: seconds(s.duration_ms, s.pv),
  };
}
