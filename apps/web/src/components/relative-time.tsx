import { formatDate, formatRelativeTime, type TimeInput, toDate } from '../lib/formatters';
import { useAppStore } from '../stores/app';

/**
 * A back-office time as the seed shows it, relative (刚刚, 5分钟前, 2小时前, 1天前, then the date),
 * with the exact time in the tooltip and in `dateTime`. Used by lists' "last seen" columns.
 */
export function RelativeTime({ value, now }: { value: TimeInput; now?: number }) {
  const language = useAppStore((s) => s.language);
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return null;
  return (
    <time dateTime={date.toISOString()} title={formatDate(date)} className="relative-time">
      {formatRelativeTime(date, now, undefined, language)}
    </time>
  );
}

/** The same relative time as a string, for texts that interpolate it ("last used {{time}}"). */
export function useRelativeTime(): (value: TimeInput) => string {
  const language = useAppStore((s) => s.language);
  return (value) => formatRelativeTime(value, Date.now(), undefined, language);
}
