/** The server's own zone: the zone of a list's day filter or an export without `tz` (docs/product.md). */
export const SERVER_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

interface ZoneDay {
  format: Intl.DateTimeFormat;
  /** The last minute asked about and its day: hits arrive in time order, so this answers most calls. */
  minute: number;
  day: string;
}
const zones = new Map<string, ZoneDay>();

/** `YYYY-MM-DD` of an instant in a time zone (en-CA formats dates that way). */
export function localDay(at: Date, timeZone: string): string {
  let zone = zones.get(timeZone);
  if (!zone) {
    const format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    zone = { format, minute: Number.NaN, day: '' };
    zones.set(timeZone, zone);
  }
  // Every zone offset is a whole number of minutes, so a day never changes inside a UTC minute.
  const minute = Math.floor(at.getTime() / 60_000);
  if (minute !== zone.minute) {
    zone.day = zone.format.format(at);
    zone.minute = minute;
  }
  return zone.day;
}

const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** A zone's wall-clock formatter, built once: reports ask for several midnights per request. */
export function wallClock(timeZone: string): Intl.DateTimeFormat {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallClocks.set(timeZone, format);
  }
  return format;
}

/** `YYYY-MM-DD` plus n days (calendar arithmetic, no time zone involved). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** The UTC instant of local midnight starting `day` (`YYYY-MM-DD`) in a time zone. */
export function zonedMidnight(day: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(y, m - 1, d);
  // The zone's offset near that instant; applied twice so days that start right after a DST change land right.
  let guess = utcMidnight;
  const format = wallClock(timeZone);
  for (let i = 0; i < 2; i++) {
    const parts = format.formatToParts(new Date(guess));
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    const asUtc = Date.UTC(
      get('year'),
      get('month') - 1,
      get('day'),
      get('hour'),
      get('minute'),
      get('second'),
    );
    guess = utcMidnight - (asUtc - guess);
  }
  return new Date(guess);
}

/**
 * A list's day filter (`from`..`to`, both included, YYYY-MM-DD) as instants: `since` is the first
 * day's midnight and `until` the midnight after the last day, on the viewer's clock (`timeZone`), so
 * a row stored at 23:30 local time (15:30 UTC in Shanghai) is in that local day (docs/product.md).
 */
export function dayBounds(
  from: string | undefined,
  to: string | undefined,
  timeZone = SERVER_TIME_ZONE,
): { since?: Date; until?: Date } {
  return {
    since: from ? zonedMidnight(from, timeZone) : undefined,
    until: to ? zonedMidnight(addDays(to, 1), timeZone) : undefined,
  };
}
