import dayjs from 'dayjs';
import { KeyboardRangePicker } from '../keyboard-range-picker';

const DAY = 'YYYY-MM-DD';

interface Props {
  from: string | undefined;
  to: string | undefined;
  /** Both days (YYYY-MM-DD), or both undefined when cleared. */
  onChange(days: { from: string | undefined; to: string | undefined }): void;
  'data-testid'?: string;
}

/** A list's first-and-last-day filter (the contracts' `from` / `to` calendar days); Tab passes through it. */
export function DayRangeFilter({ from, to, onChange, 'data-testid': testId }: Props) {
  return (
    <KeyboardRangePicker
      className="list-search"
      value={from && to ? [dayjs(from), dayjs(to)] : null}
      onChange={(days) =>
        onChange({ from: days?.[0]?.format(DAY) ?? undefined, to: days?.[1]?.format(DAY) ?? undefined })
      }
      data-testid={testId}
    />
  );
}
