import type { z } from 'zod';
import type * as FormSchemas from './form-schemas';

export type FormSchemaName = keyof typeof FormSchemas;
export type FormSchemaField<K extends FormSchemaName> = keyof (typeof FormSchemas)[K]['shape'] & string;

/**
 * The first message of one contracts schema field for `value`, or undefined when it is valid: the
 * form rejects what the server would, with the same message. The schemas (and zod with them) load
 * on the first check rather than with the page: zod alone is a third of the login page's budget.
 */
export async function zodFieldError<K extends FormSchemaName>(
  schema: K,
  field: FormSchemaField<K>,
  value: unknown,
): Promise<string | undefined> {
  const schemas = await import('./form-schemas');
  const fieldSchema = (schemas[schema].shape as Record<string, z.ZodType>)[field];
  const result = fieldSchema?.safeParse(value ?? '');
  return result && !result.success ? (result.error.issues[0]?.message ?? 'invalid') : undefined;
}
