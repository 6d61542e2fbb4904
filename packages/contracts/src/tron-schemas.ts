import { storableString } from './text.js';
import { TRON_ADDRESS_ERRORS, tronAddressProblem } from './tron.js';

/** The schemas of TRON addresses and transaction ids (tron.ts holds the zod-free checks). */

/** A TRON address in a body: trimmed, then checked by base58check, with a message naming the problem. */
export const tronAddressSchema = storableString()
  .trim()
  .superRefine((v, ctx) => {
    const problem = tronAddressProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: TRON_ADDRESS_ERRORS[problem] });
  });

/** A transaction id: 64 hex characters (lower-cased). */
export const txHashSchema = storableString()
  .trim()
  .toLowerCase()
  .regex(/^[0-9a-f]{64}$/, 'a transaction hash: 64 hexadecimal characters');
