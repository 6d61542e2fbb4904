const formats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone: an export formats every visit's time. */
function formatFor(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      timeZoneName: 'longOffset',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/**
 * An instant as the site's wall clock with its UTC offset (`2026-03-10 09:10:00+08:00`): the time
 * the report pages show, and still one exact instant for a program that reads the file (RFC 3339
 * with a space). The offset is the one in force then, so times on both sides of a DST change stay right.
 */
export function localTimestamp(iso: string, timeZone: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const part: Record<string, string> = {};
  for (const p of formatFor(timeZone).formatToParts(at)) part[p.type] = p.value;
  // "GMT+08:00", "GMT-03:30"; plain "GMT" at offset zero.
  const offset = part.timeZoneName?.replace('GMT', '') || '+00:00';
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}${offset}`;
}
