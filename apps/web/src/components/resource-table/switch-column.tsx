import { Switch } from 'antd';
import type { ResourceColumns } from './resource-table';

interface SwitchColumn<T> {
  title: string;
  checked(row: T): boolean;
  /** The row whose switch is saving shows a spinner. */
  pending(row: T): boolean;
  onChange(row: T, next: boolean): void;
  width?: number;
}

/** The seed's `switch` call as a column: one on/off field saved the moment it is flipped. */
export function switchColumn<T>({ title, checked, pending, onChange, width = 64 }: SwitchColumn<T>) {
  const column: ResourceColumns<T>[number] = {
    title,
    width,
    render: (_: unknown, row: T) => (
      <Switch
        size="small"
        checked={checked(row)}
        loading={pending(row)}
        onChange={(next) => onChange(row, next)}
        aria-label={title}
      />
    ),
  };
  return column;
}
