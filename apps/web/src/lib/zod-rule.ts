import type { FormRule } from 'antd';
import type { z } from 'zod';
import {
  type FormSchemaField,
  type FormSchemaName,
  schemaError,
  shapeField,
  zodFieldError,
} from './zod-check';

function rule(check: (value: unknown) => Promise<string | undefined> | string | undefined): FormRule {
  return {
    validator: async (_rule, value) => {
      const error = await check(value);
      if (error) throw new Error(error);
    },
  };
}

/** An antd Form rule from a contracts schema field (see zod-check.ts: the schemas load lazily). */
export function zodRule<K extends FormSchemaName>(schema: K, field: FormSchemaField<K>): FormRule {
  return rule((value) => zodFieldError(schema, field, value));
}

/** The same for back-office forms, whose pages are lazy chunks already: the schema is passed in. */
export function fieldRule<S extends z.ZodObject>(schema: S, field: keyof S['shape'] & string): FormRule {
  return rule((value) => schemaError(shapeField(schema, field), value));
}

/** A rule from a schema of one value (a list item such as a tracking domain). */
export function valueRule(schema: z.ZodType): FormRule {
  return rule((value) => schemaError(schema, value));
}
