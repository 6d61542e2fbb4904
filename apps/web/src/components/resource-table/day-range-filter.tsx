import { DatePicker } from 'antd';
import dayjs from 'dayjs';

const DAY = 'YYYY-MM-DD';

/** A list's `from`/`to` day filter (YYYY-MM-DD, both days included), kept with the list's other filters. */
export function DayRangeFilter({
  from,
  to,
  onChange,
}: {
  from?: string;
  to?: string;
  onChange(days: { from: string | undefined; to: string | undefined }): void;
}) {
  return (
    <DatePicker.RangePicker
      className="list-search"
      value={from && to ? [dayjs(from), dayjs(to)] : null}
      onChange={(days) =>
        onChange({ from: days?.[0]?.format(DAY) ?? undefined, to: days?.[1]?.format(DAY) ?? undefined })
      }
    />
  );
}
