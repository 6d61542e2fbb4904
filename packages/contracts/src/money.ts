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

/** A plain decimal amount: optional leading minus, up to 13 whole digits, up to 6 decimals. */
export const USDT_DECIMAL_PATTERN = /^(-?)(\d{1,13})(?:\.(\d{1,6}))?$/;

/**
 * "12.345678" → 12345678n. Only plain decimals: no exponent, no sign but a leading '-', no spaces,
 * at most 6 decimals (a 7th would have to be rounded, and money is never rounded silently).
 * Undefined for anything else.
 */
export function parseMicros(text: string): bigint | undefined {
  const m = USDT_DECIMAL_PATTERN.exec(text);
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
