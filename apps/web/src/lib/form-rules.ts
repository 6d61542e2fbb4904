import type { FormRule } from 'antd';

/** "Type it again" fields: valid only when equal to `field`. */
export function sameAs(field: string, message: string): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value) => {
      if (value !== getFieldValue(field)) throw new Error(message);
    },
  });
}
