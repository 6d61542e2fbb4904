import { sha256 } from './sha256.js';
import { storableString } from './text.js';

/**
 * TRON addresses (TRC20 receiving and withdrawal addresses): base58check of 25 bytes, a version byte
 * 0x41, 20 bytes of account, and the first 4 bytes of SHA-256(SHA-256(first 21 bytes)). One typo in
 * the 34 characters changes the checksum, so a mistyped address is refused here, on the web's form
 * and in the server's schema alike, instead of money going to nobody.
 */
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const TRON_VERSION = 0x41;

export const TRON_ADDRESS_ERRORS = {
  format: 'not a TRON address (34 characters starting with T)',
  checksum: 'not a valid TRON address: the checksum does not match (a typo?)',
} as const;

/** The mainnet USDT (TRC20) contract. */
export const USDT_TRC20_CONTRACT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

function base58Decode(text: string): Uint8Array | undefined {
  let value = 0n;
  for (const ch of text) {
    const digit = ALPHABET.indexOf(ch);
    if (digit < 0) return undefined;
    value = value * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  while (value > 0n) {
    bytes.unshift(Number(value % 256n));
    value /= 256n;
  }
  for (const ch of text) {
    if (ch !== '1') break;
    bytes.unshift(0);
  }
  return Uint8Array.from(bytes);
}

function base58Encode(bytes: Uint8Array): string {
  let value = 0n;
  for (const b of bytes) value = value * 256n + BigInt(b);
  let out = '';
  while (value > 0n) {
    out = ALPHABET[Number(value % 58n)] + out;
    value /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = `1${out}`;
  }
  return out;
}

const checksumOf = (payload: Uint8Array) => sha256(sha256(payload)).slice(0, 4);

/** Why `text` is not a TRON address, or undefined when it is one. */
export function tronAddressProblem(text: string): keyof typeof TRON_ADDRESS_ERRORS | undefined {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(text)) return 'format';
  const bytes = base58Decode(text);
  if (bytes?.length !== 25 || bytes[0] !== TRON_VERSION) return 'format';
  const sum = checksumOf(bytes.slice(0, 21));
  return sum.every((b, i) => b === bytes[21 + i]) ? undefined : 'checksum';
}

export const isTronAddress = (text: string) => tronAddressProblem(text) === undefined;

/** The address of 20 account bytes (tests, the fake TronGrid and the benchmark make addresses with it). */
export function tronAddressFromBytes(account: Uint8Array): string {
  if (account.length !== 20) throw new Error('a TRON account is 20 bytes');
  const payload = new Uint8Array(21);
  payload[0] = TRON_VERSION;
  payload.set(account, 1);
  const full = new Uint8Array(25);
  full.set(payload);
  full.set(checksumOf(payload), 21);
  return base58Encode(full);
}

/** The 20 account bytes of an address (the hex form TronGrid's event logs use), or undefined for a non-address. */
export function tronAddressBytes(address: string): Uint8Array | undefined {
  if (!isTronAddress(address)) return undefined;
  return base58Decode(address)?.slice(1, 21);
}

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
