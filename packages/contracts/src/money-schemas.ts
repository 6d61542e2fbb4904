import { z } from 'zod';
import { MAX_USDT_MICROS, MONEY_ERRORS, parseMicros, USDT_DECIMAL_PATTERN } from './money.js';
import { isStorableText } from './text-checks.js';

/** The schemas of amounts (money.ts holds the zod-free rest: parsing, formatting, limits). */

/** An amount in an answer: always a decimal string, never a JSON number. */
export const usdtText = () => z.string().regex(USDT_DECIMAL_PATTERN, MONEY_ERRORS.format);

/**
 * An amount a user or admin sends, as a decimal string → bigint micros. A JSON number (a float) is
 * refused, as are exponents, more than 6 decimals and amounts ≤ 0 (`signed`: only 0 is refused, a
 * leading '-' is allowed, as for an admin's adjustment).
 */
export const usdtAmount = (opts: { signed?: boolean } = {}) =>
  z
    .string(MONEY_ERRORS.format)
    // Every contract string refuses what PostgreSQL cannot store (strings.test.ts walks them all).
    .refine(isStorableText, MONEY_ERRORS.format)
    .transform((text, ctx) => {
      const micros = parseMicros(text);
      if (micros === undefined || (!opts.signed && text.startsWith('-'))) {
        ctx.addIssue({ code: 'custom', message: MONEY_ERRORS.format });
        return z.NEVER;
      }
      if (micros === 0n || (!opts.signed && micros < 0n)) {
        ctx.addIssue({ code: 'custom', message: opts.signed ? MONEY_ERRORS.nonZero : MONEY_ERRORS.positive });
        return z.NEVER;
      }
      if (micros > MAX_USDT_MICROS || micros < -MAX_USDT_MICROS) {
        ctx.addIssue({ code: 'custom', message: MONEY_ERRORS.tooLarge });
        return z.NEVER;
      }
      return micros;
    });
