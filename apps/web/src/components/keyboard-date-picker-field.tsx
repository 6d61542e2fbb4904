import { DatePicker, type GetProps } from 'antd';

export type KeyboardDatePickerProps = GetProps<typeof DatePicker>;

/**
 * antd's DatePicker, loaded on demand by keyboard-date-picker.tsx: this module is what pulls in antd's
 * date pickers (the `antd-picker` chunk) for a form's date field.
 */
export const KeyboardDatePickerField = DatePicker;
