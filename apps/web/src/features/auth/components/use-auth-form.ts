import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { type FieldOf, lazySchemas, type ObjectName } from '../../../lib/zod-check';
import type * as AuthSchemas from '../form-schemas';

type Values = Record<string, string>;

/** Props that bind one input to the form. */
export interface FieldProps {
  id: string;
  name: string;
  value: string;
  'aria-invalid': true | undefined;
  onChange(e: ChangeEvent<HTMLInputElement>): void;
  onBlur(): void;
}

/** A field's check: its error message, or undefined when valid. Sees every value (confirm fields). */
export type Check<V extends Values> = (value: string, values: V) => Promise<string | undefined>;

const schemas = lazySchemas(() => import('../form-schemas'));

/** The contracts schema's rule for the field (the server checks the body with the same schema). */
export function schemaCheck<K extends ObjectName<typeof AuthSchemas>, V extends Values>(
  schema: K,
  field: FieldOf<(typeof AuthSchemas)[K]>,
): Check<V> {
  return (value) => schemas.fieldError(schema, field, value);
}

export function requiredCheck<V extends Values>(message: string): Check<V> {
  return async (value) => (value.trim() === '' ? message : undefined);
}

/** "Type it again" fields: valid only when equal to `other`. */
export function sameAsCheck<V extends Values>(other: keyof V, message: string): Check<V> {
  return async (value, values) => (value === values[other] ? undefined : message);
}

/**
 * Form state of the signed-out pages, which render without antd (their first load stays small):
 * values, per-field errors shown after blur or submit, and the same contract checks antd forms use.
 */
export function useAuthForm<V extends Values>(
  initial: V,
  /** Given each render, so a check can depend on state (no captcha check while captchas are off). */
  checks: Partial<Record<keyof V, Check<V>>>,
) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof V, string>>>({});
  // Checks are async: they must see the latest values, not the render's.
  const latest = useRef(values);
  latest.current = values;

  const check = async (name: keyof V): Promise<boolean> => {
    const error = await checks[name]?.(latest.current[name] ?? '', latest.current);
    setErrors((prev) => ({ ...prev, [name]: error }));
    return error === undefined;
  };

  /** Checks `names` (default: every field with a check); true when all pass. */
  const validate = async (
    names = (Object.keys(checks) as (keyof V)[]).filter((name) => checks[name]),
  ): Promise<boolean> => (await Promise.all(names.map(check))).every(Boolean);

  const bind = (name: keyof V & string): FieldProps => ({
    id: `field-${name}`,
    name,
    value: values[name] ?? '',
    'aria-invalid': errors[name] ? true : undefined,
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const value = e.target.value;
      latest.current = { ...latest.current, [name]: value };
      setValues(latest.current);
      // A shown error is re-checked as the user types, so it disappears once fixed.
      if (errors[name]) void check(name);
    },
    onBlur: () => {
      if (latest.current[name] !== '' || errors[name]) void check(name);
    },
  });

  /** Sets a value from code (a used-up captcha's answer is cleared). */
  const set = (name: keyof V & string, value: string) => {
    latest.current = { ...latest.current, [name]: value };
    setValues(latest.current);
  };

  /** The form's submit handler; its promise settles once the checks ran (and `handler` did, if they passed). */
  const onSubmit = (handler: (values: V) => void) => async (e: FormEvent) => {
    e.preventDefault();
    if (await validate()) handler(latest.current);
  };

  return { values, errors, bind, validate, onSubmit, set };
}

export type AuthForm<V extends Values> = ReturnType<typeof useAuthForm<V>>;
