import type { FormRule } from 'antd';
import type { z } from 'zod';

/**
 * One contracts schema validates a form field here and the request body on the server, so both
 * sides reject the same input with the same message.
 */
export function zodRule(schema: z.ZodType): FormRule {
  return {
    validator: async (_rule, value) => {
      const result = schema.safeParse(value ?? '');
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'invalid');
    },
  };
}
