import type { FormRule } from 'antd';
import type { z } from 'zod';
import type * as FormSchemas from './form-schemas';

type Schemas = typeof FormSchemas;
type Shape<K extends keyof Schemas> = Schemas[K]['shape'];

/**
 * One contracts schema validates a form field here and the request body on the server, so both
 * sides reject the same input with the same message. The schemas (and zod with them) load on the
 * first validation rather than with the page: zod alone is a third of the login page's budget.
 */
export function zodRule<K extends keyof Schemas>(schema: K, field: keyof Shape<K> & string): FormRule {
  return {
    validator: async (_rule, value) => {
      const schemas = await import('./form-schemas');
      const fieldSchema = (schemas[schema].shape as Record<string, z.ZodType>)[field];
      const result = fieldSchema?.safeParse(value ?? '');
      if (result && !result.success) throw new Error(result.error.issues[0]?.message ?? 'invalid');
    },
  };
}
