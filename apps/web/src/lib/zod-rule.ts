import type { FormRule } from 'antd';
import type { z } from 'zod';
import type * as FormSchemas from './form-schemas';

type Schemas = typeof FormSchemas;
type Shape<K extends keyof Schemas> = Schemas[K]['shape'];

/** Throws the schema's first message; form values are checked as the server parses them (empty as ''). */
function check(schema: z.ZodType | undefined, value: unknown): void {
  const result = schema?.safeParse(value ?? '');
  if (result && !result.success) throw new Error(result.error.issues[0]?.message ?? 'invalid');
}

const fieldOf = (schema: z.ZodObject, field: string) => (schema.shape as Record<string, z.ZodType>)[field];

/**
 * One contracts schema validates a form field here and the request body on the server, so both
 * sides reject the same input with the same message. The schemas (and zod with them) load on the
 * first validation rather than with the page: zod alone is a third of the login page's budget.
 */
export function zodRule<K extends keyof Schemas>(schema: K, field: keyof Shape<K> & string): FormRule {
  return {
    validator: async (_rule, value) => {
      const schemas = await import('./form-schemas');
      check(fieldOf(schemas[schema], field), value);
    },
  };
}

/** The same for back-office forms, whose pages are lazy chunks already: the schema is passed in. */
export function fieldRule<S extends z.ZodObject>(schema: S, field: keyof S['shape'] & string): FormRule {
  return {
    validator: async (_rule, value) => check(fieldOf(schema, field), value),
  };
}

/** A rule from a schema of one value (a list item such as a tracking domain). */
export function valueRule(schema: z.ZodType): FormRule {
  return { validator: async (_rule, value) => check(schema, value) };
}
