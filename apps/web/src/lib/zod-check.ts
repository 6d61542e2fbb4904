import { localizeIssue } from '@tally/contracts';
import i18next from 'i18next';
import type { z } from 'zod';
import type * as FormSchemas from './form-schemas';

export type FormSchemaName = keyof typeof FormSchemas;
export type FormSchemaField<K extends FormSchemaName> = keyof (typeof FormSchemas)[K]['shape'] & string;

/**
 * The schema's first message for `value` (form values are checked as the server parses them: empty
 * as ''), in the interface language, worded as the server words it.
 */
export function schemaError(schema: z.ZodType | undefined, value: unknown): string | undefined {
  const result = schema?.safeParse(value ?? '');
  if (!result || result.success) return undefined;
  const issue = result.error.issues[0];
  return issue ? localizeIssue(issue, i18next.language === 'zh' ? 'zh' : 'en') : 'invalid';
}

export const shapeField = (schema: z.ZodObject, field: string) =>
  (schema.shape as Record<string, z.ZodType>)[field];

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
  return schemaError(shapeField(schemas[schema], field), value);
}
