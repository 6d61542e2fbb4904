import type { FormRule } from 'antd';
import { lazySchemas } from '../../../lib/zod-check';
import type * as LineSchemas from '../form-schemas';

const schemas = lazySchemas(() => import('../form-schemas'));

/** Textarea fields hold one entry a line; these turn them into the arrays the call sends. */
export const toLines = (text: string | undefined) =>
  (text ?? '')
    .split(/[\n,]/)
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * Each line must pass the contracts schema the server applies, with the server's message. The schemas
 * (and zod with them) load on the first line to check, not with the site list (../form-schemas.ts).
 */
function linesRule(schema: keyof typeof LineSchemas, required: boolean, requiredMessage: string): FormRule {
  return {
    validator: async (_rule, value: string | undefined) => {
      const lines = toLines(value);
      if (required && lines.length === 0) throw new Error(requiredMessage);
      if (lines.length === 0) return;
      for (const line of lines) {
        const error = await schemas.valueError(schema, line);
        if (error) throw new Error(`${line}: ${error}`);
      }
    },
  };
}

export const domainsRule = (requiredMessage: string) => linesRule('siteDomainSchema', true, requiredMessage);
export const ignoredIpsRule = () => linesRule('ignoredIpSchema', false, '');
export const umamiIdsRule = () => linesRule('umamiIdSchema', false, '');
export const matomoIdRule = () => linesRule('matomoIdSchema', false, '');
