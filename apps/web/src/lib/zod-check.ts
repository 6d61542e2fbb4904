import { localizeIssue } from '@tally/contracts';
import type { FormRule } from 'antd';
import i18next from 'i18next';
import type { z } from 'zod';

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

/** The object schemas of a schemas module, by export name. */
export type ObjectName<M> = { [K in keyof M]: M[K] extends z.ZodObject ? K : never }[keyof M] & string;
/** The fields of one of them. */
export type FieldOf<S> = S extends z.ZodObject ? keyof S['shape'] & string : never;

function rule(check: (value: unknown) => Promise<string | undefined>): FormRule {
  return {
    validator: async (_rule, value) => {
      const error = await check(value);
      if (error) throw new Error(error);
    },
  };
}

/**
 * A form's checks against the contracts schemas the server applies, with the server's messages. The
 * schemas (and zod with them, a fifth of a page's first-load budget) load on the first check, not
 * with the page: `load` imports a module of the feature that only re-exports them (`form-schemas.ts`).
 * A module imported this way runs once; later checks find it loaded.
 */
export function lazySchemas<M extends Record<string, unknown>>(load: () => Promise<M>) {
  const valueError = async (name: keyof M & string, value: unknown) =>
    schemaError((await load())[name] as z.ZodType, value);
  const fieldError = async <K extends ObjectName<M>>(name: K, field: FieldOf<M[K]>, value: unknown) =>
    schemaError(shapeField((await load())[name] as z.ZodObject, field), value);
  return {
    valueError,
    fieldError,
    /** An antd Form rule from one field of an object schema. */
    fieldRule: <K extends ObjectName<M>>(name: K, field: FieldOf<M[K]>) =>
      rule((value) => fieldError(name, field, value)),
    /** An antd Form rule from a schema of one value (a list item such as a tracking domain). */
    valueRule: (name: keyof M & string) => rule((value) => valueError(name, value)),
  };
}
