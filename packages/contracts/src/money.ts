import { z } from 'zod';
import { isStorableText } from './text.js';

/**
 * Money is integer micro-USDT everywhere (1 USDT = 1,000,000 micros): `bigint` in code, `bigint` in
 * the database, and a decimal string in JSON ("12.345678"). Never a float: 0.1 + 0.2 is not 0.3,
 * and a JSON number loses digits above 2^53.
 */
export const MICROS_PER_USDT = 1_000_000n;
export const USDT_DECIMALS = 6;

/** The largest amount one field accepts: 10^12 USDT, far inside bigint's 9.2 × 10^12 USDT. */
export const MAX_USDT_MICROS = 1_000_000_000_000n * MICROS_PER_USDT;

export const MONEY_ERRORS = {
  format: 'an amount in USDT such as 12.5, at most 6 decimals',
  positive: 'must be more than 0',
  nonZero: 'must not be 0',
  tooLarge: 'too large',
} as const;

const DECIMAL = /^(-?)(\d{1,13})(?:\.(\d{1,6}))?$/;

/**
 * "12.345678" → 12345678n. Only plain decimals: no exponent, no sign but a leading '-', no spaces,
 * at most 6 decimals (a 7th would have to be rounded, and money is never rounded silently).
 * Undefined for anything else.
 */
export function parseMicros(text: string): bigint | undefined {
  const m = DECIMAL.exec(text);
  if (!m) return undefined;
  const [, sign, whole = '0', fraction = ''] = m;
  const micros = BigInt(whole) * MICROS_PER_USDT + BigInt(fraction.padEnd(USDT_DECIMALS, '0'));
  return sign ? -micros : micros;
}

/** 12345678n → "12.345678"; trailing zeros dropped (12500000n → "12.5", 12000000n → "12"). */
export function formatMicros(micros: bigint): string {
  const negative = micros < 0n;
  const abs = negative ? -micros : micros;
  const whole = abs / MICROS_PER_USDT;
  const fraction = (abs % MICROS_PER_USDT).toString().padStart(USDT_DECIMALS, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/**
 * A JSON decimal string shown with at least `minDecimals` decimals ("12.5" → "12.50"), for pages.
 * Works on the string, so no float ever sees the amount.
 */
export function displayUsdt(text: string, minDecimals = 2): string {
  const [whole = '0', fraction = ''] = text.split('.');
  const padded = fraction.padEnd(minDecimals, '0');
  return padded ? `${whole}.${padded}` : whole;
}

/** An amount in an answer: always a decimal string, never a JSON number. */
export const usdtText = () => z.string().regex(DECIMAL, MONEY_ERRORS.format);

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
