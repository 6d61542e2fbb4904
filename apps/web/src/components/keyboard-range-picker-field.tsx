import { DatePicker, type GetProps, type GetRef } from 'antd';
import type { Ref } from 'react';

export type KeyboardRangePickerProps = Omit<GetProps<typeof DatePicker.RangePicker>, 'allowEmpty'>;

/**
 * antd's RangePicker that Tab can leave. antd's keeps the focus on a field that must not be empty:
 * Tab from an empty first field lands on the second and the picker's focus lock puts it back (and
 * Shift+Tab from an empty second field the same), so a keyboard user is caught in the filter. With
 * both fields allowed empty the picker lets Tab through; a half range is then not passed on (the
 * controlled value stays what it was, as when antd drops an unfinished range on a click outside),
 * so `onChange` still sees a whole range or a cleared one.
 *
 * Loaded on demand by keyboard-range-picker.tsx: this module is what pulls in antd's date pickers.
 */
export function KeyboardRangePickerField({
  onChange,
  ...props
}: KeyboardRangePickerProps & { ref?: Ref<GetRef<typeof DatePicker.RangePicker>> }) {
  return (
    <DatePicker.RangePicker
      {...props}
      allowEmpty={[true, true]}
      onChange={(dates, strings) => {
        if (dates && (!dates[0] || !dates[1])) return;
        onChange?.(dates, strings);
      }}
    />
  );
}
