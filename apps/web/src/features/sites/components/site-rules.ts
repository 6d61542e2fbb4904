import { ignoredIpSchema, matomoIdSchema, siteDomainSchema, umamiIdSchema } from '@tally/contracts';
import type { FormRule } from 'antd';
import type { z } from 'zod';
import { schemaError } from '../../../lib/zod-check';

/** Textarea fields hold one entry a line; these turn them into the arrays the call sends. */
export const toLines = (text: string | undefined) =>
  (text ?? '')
    .split(/[\n,]/)
    .map((line) => line.trim())
    .filter(Boolean);

/** Each line must pass the contracts schema the server applies, with the server's message. */
function linesRule(schema: z.ZodType, required: boolean, requiredMessage: string): FormRule {
  return {
    validator: async (_rule, value: string | undefined) => {
      const lines = toLines(value);
      if (required && lines.length === 0) throw new Error(requiredMessage);
      for (const line of lines) {
        const error = schemaError(schema, line);
        if (error) throw new Error(`${line}: ${error}`);
      }
    },
  };
}

export const domainsRule = (requiredMessage: string) => linesRule(siteDomainSchema, true, requiredMessage);
export const ignoredIpsRule = () => linesRule(ignoredIpSchema, false, '');
export const umamiIdsRule = () => linesRule(umamiIdSchema, false, '');
export const matomoIdRule = () => linesRule(matomoIdSchema, false, '');
