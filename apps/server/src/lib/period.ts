import type { Period, ReportRange } from '@tally/contracts';
import { addDays, localDay, zonedMidnight } from './local-time.js';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export function daysBetween(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS;
}

/** Every local date from `from` to `to`, inclusive. */
export function eachDay(from: string, to: string): string[] {
  const n = daysBetween(from, to);
  return Array.from({ length: n + 1 }, (_, i) => addDays(from, i));
}

/** The local dates a range covers in a time zone, and the previous period of the same length. */
export function resolvePeriod(
  q: { range: ReportRange; from?: string; to?: string },
  timezone: string,
  now: Date,
): Period {
  const today = localDay(now, timezone);
  let from = today;
  let to = today;
  if (q.range === 'yesterday') from = to = addDays(today, -1);
  else if (q.range === '7d') from = addDays(today, -6);
  else if (q.range === '30d') from = addDays(today, -29);
  else if (q.range === 'custom' && q.from && q.to) ({ from, to } = q);
  const days = daysBetween(from, to) + 1;
  return {
    from,
    to,
    previous_from: addDays(from, -days),
    previous_to: addDays(from, -1),
    timezone,
  };
}

/** UTC bounds [start, end) of local dates from..to. */
export function bounds(from: string, to: string, timezone: string): { start: Date; end: Date } {
  return { start: zonedMidnight(from, timezone), end: zonedMidnight(addDays(to, 1), timezone) };
}

const hourLabels = new Map<string, Intl.DateTimeFormat>();

/** `YYYY-MM-DD HH:00` of an instant in a time zone. */
export function hourLabel(at: Date, timezone: string): string {
  let format = hourLabels.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
    });
    hourLabels.set(timezone, format);
  }
  const p = Object.fromEntries(format.formatToParts(at).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:00`;
}

/** The UTC hours (rollup keys) of local dates from..to, each with its local label. */
export function eachHour(from: string, to: string, timezone: string): { hour: Date; key: string }[] {
  const { start, end } = bounds(from, to, timezone);
  const out: { hour: Date; key: string }[] = [];
  // Zones a half hour off UTC have local hours that straddle rollup hours: such an hour is labelled by its start.
  for (let t = Math.floor(start.getTime() / HOUR_MS) * HOUR_MS; t < end.getTime(); t += HOUR_MS) {
    const hour = new Date(t);
    out.push({ hour, key: hourLabel(new Date(Math.max(t, start.getTime())), timezone) });
  }
  return out;
}
