import { Form, Switch } from 'antd';
import type { ReactNode } from 'react';

interface Props {
  name: string;
  label: ReactNode;
  extra?: ReactNode;
  /** Stored as 0/1 (webclose) rather than a boolean. */
  numeric?: boolean;
}

/** An on/off setting; the switch is named after its key so tests and labels find it. */
export function SwitchItem({ name, label, extra, numeric }: Props) {
  const numericProps = numeric
    ? {
        getValueProps: (value: unknown) => ({ checked: value === 1 }),
        normalize: (checked: boolean) => (checked ? 1 : 0),
      }
    : { valuePropName: 'checked' };
  return (
    <Form.Item name={name} label={label} extra={extra} {...numericProps}>
      <Switch data-testid={`setting-${name}`} />
    </Form.Item>
  );
}
