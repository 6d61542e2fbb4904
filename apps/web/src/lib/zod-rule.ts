import type { FormRule } from 'antd';
import { type FormSchemaField, type FormSchemaName, zodFieldError } from './zod-check';

/** An antd Form rule from a contracts schema field (see zod-check.ts). */
export function zodRule<K extends FormSchemaName>(schema: K, field: FormSchemaField<K>): FormRule {
  return {
    validator: async (_rule, value) => {
      const error = await zodFieldError(schema, field, value);
      if (error) throw new Error(error);
    },
  };
}
