/**
 * Display formatters of seed section 9. Inputs may be epoch seconds, epoch milliseconds, ISO strings
 * or Date objects, because the back office shows values straight from several API shapes.
 */
export type TimeInput = number | string | Date;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Epoch values under 1e11 are seconds (1e11 ms is 1973; 1e11 s is year 5138). */
export function toDate(input: TimeInput): Date {
  if (input instanceof Date) return input;
  if (typeof input === 'number') return new Date(Math.abs(input) < 1e11 ? input * SECOND : input);
  if (/^-?\d+$/.test(input.trim())) return toDate(Number(input));
  return new Date(input);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `{y}-{m}-{d} {h}:{i}` style date, local time, with the usual tokens (y m d h i s). */
export function formatDate(input: TimeInput, pattern = '{y}-{m}-{d} {h}:{i}:{s}'): string {
  const d = toDate(input);
  if (Number.isNaN(d.getTime())) return '';
  const parts: Record<string, string> = {
    y: String(d.getFullYear()),
    m: pad(d.getMonth() + 1),
    d: pad(d.getDate()),
    h: pad(d.getHours()),
    i: pad(d.getMinutes()),
    s: pad(d.getSeconds()),
  };
  return pattern.replace(/\{([ymdhis])\}/g, (_, key: string) => parts[key] ?? '');
}

/** The interface languages' words for a relative time (the seed's are the Chinese ones). */
const RELATIVE = {
  zh: {
    now: '刚刚',
    minutes: (n: number) => `${n}分钟前`,
    hours: (n: number) => `${n}小时前`,
    day: '1天前',
    date: '{m}月{d}日{h}时{i}分',
  },
  en: {
    now: 'just now',
    minutes: (n: number) => `${n} min ago`,
    hours: (n: number) => `${n} h ago`,
    day: '1 day ago',
    date: '{y}-{m}-{d} {h}:{i}',
  },
} as const;

/**
 * Relative time of the back office: 刚刚 under 30 s, then minutes, hours, 1天前 under two days,
 * then the date. Future times (clock skew) read as 刚刚 rather than a negative age. English pages
 * get the same steps in English.
 */
export function formatRelativeTime(
  input: TimeInput,
  now: number = Date.now(),
  datePattern?: string,
  language: keyof typeof RELATIVE = 'zh',
): string {
  const d = toDate(input);
  if (Number.isNaN(d.getTime())) return '';
  const words = RELATIVE[language];
  const age = now - d.getTime();
  if (age < 30 * SECOND) return words.now;
  if (age < HOUR) return words.minutes(Math.max(1, Math.floor(age / MINUTE)));
  if (age < DAY) return words.hours(Math.floor(age / HOUR));
  if (age < 2 * DAY) return words.day;
  return formatDate(d, datePattern ?? words.date);
}

/**
 * A count for a figure tile: exact with thousands separators up to 99,999, then short (123.5k, 1.2M)
 * through formatNumber, where the exact figure goes in the element's title.
 */
export function formatCount(value: number): { text: string; exact?: string } {
  if (Math.abs(value) < 100_000) return { text: toThousands(value) };
  return { text: formatNumber(value), exact: toThousands(value) };
}

const BYTE_UNITS = ['B', 'K', 'M', 'G'] as const;

/** Bytes in 1024 steps up to G; negative sizes keep their sign (quota deltas). */
export function formatBytes(bytes: number, digits = 2): string {
  if (!Number.isFinite(bytes)) return '';
  const sign = bytes < 0 ? '-' : '';
  let value = Math.abs(bytes);
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const text = unit === 0 ? String(value) : String(Number(value.toFixed(digits)));
  return `${sign}${text}${BYTE_UNITS[unit]}`;
}

const NUMBER_UNITS = [
  { value: 1e18, symbol: 'E' },
  { value: 1e15, symbol: 'P' },
  { value: 1e12, symbol: 'T' },
  { value: 1e9, symbol: 'G' },
  { value: 1e6, symbol: 'M' },
  { value: 1e3, symbol: 'k' },
] as const;

/** 1234 → 1.2k: the template's numberFormatter, sign-aware. */
export function formatNumber(num: number, digits = 1): string {
  if (!Number.isFinite(num)) return '';
  const abs = Math.abs(num);
  for (const unit of NUMBER_UNITS) {
    if (abs >= unit.value) {
      const scaled = (num / unit.value).toFixed(digits).replace(/\.0+$|(\.[0-9]*[1-9])0+$/, '$1');
      return scaled + unit.symbol;
    }
  }
  return String(num);
}

/** 1234567.5 → "1,234,567.5"; the fraction is left alone. */
export function toThousands(num: number | string): string {
  const text = String(num ?? '').trim();
  if (!/^-?\d+(\.\d+)?$/.test(text)) return text;
  const [int = '', frac] = text.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return frac === undefined ? grouped : `${grouped}.${frac}`;
}
