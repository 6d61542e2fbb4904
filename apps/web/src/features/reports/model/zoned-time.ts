const formats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone: tables format every visit's time on every render. */
function formatFor(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let format = formats.get(key);
  if (!format) {
    // The sv-SE locale writes ISO-like dates.
    format = new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(key, format);
  }
  return format;
}

/** An instant as the site's wall clock (`YYYY-MM-DD HH:mm:ss`): visits read in the site's time zone. */
export function zonedTime(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return formatFor(timeZone).format(date);
  } catch {
    // An unknown zone name.
    return iso;
  }
}
