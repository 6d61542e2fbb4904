import { wallClock } from '../../lib/local-time.js';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * An instant as the site's wall clock with its UTC offset (`2026-03-10 09:10:00+08:00`): the time
 * the report pages show, and still one exact instant for a program that reads the file (RFC 3339
 * with a space). The offset is the one in force then, so times on both sides of a DST change stay right.
 */
export function localTimestamp(iso: string, timeZone: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const parts = wallClock(timeZone).formatToParts(at);
  const [y, mo, d, h, mi, s] = ['year', 'month', 'day', 'hour', 'minute', 'second'].map((type) =>
    Number(parts.find((p) => p.type === type)?.value),
  ) as [number, number, number, number, number, number];
  // The wall clock read as if it were UTC, minus the instant (whole seconds): the zone's offset.
  const offset = Math.round(
    (Date.UTC(y, mo - 1, d, h, mi, s) - Math.floor(at.getTime() / 1000) * 1000) / 60_000,
  );
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${y}-${pad(mo)}-${pad(d)} ${pad(h)}:${pad(mi)}:${pad(s)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
