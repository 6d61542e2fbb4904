import type { FormRule } from 'antd';
import type { z } from 'zod';
import { schemaError, shapeField } from './zod-check';

function rule(check: (value: unknown) => string | undefined): FormRule {
  return {
    validator: async (_rule, value) => {
      const error = check(value);
      if (error) throw new Error(error);
    },
  };
}

/** An antd Form rule from a contracts schema field (back-office pages are lazy chunks: zod may load with them). */
export function fieldRule<S extends z.ZodObject>(schema: S, field: keyof S['shape'] & string): FormRule {
  return rule((value) => schemaError(shapeField(schema, field), value));
}

/** A rule from a schema of one value (a list item such as a tracking domain). */
export function valueRule(schema: z.ZodType): FormRule {
  return rule((value) => schemaError(schema, value));
}
