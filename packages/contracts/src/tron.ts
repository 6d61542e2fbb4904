import { sha256 } from '@noble/hashes/sha2.js';
import { base58, createBase58check } from '@scure/base';

/**
 * TRON addresses (TRC20 receiving and withdrawal addresses): base58check of 25 bytes, a version byte
 * 0x41, 20 bytes of account, and the first 4 bytes of SHA-256(SHA-256(first 21 bytes)). One typo in
 * the 34 characters changes the checksum, so a mistyped address is refused here, on the web's form
 * and in the server's schema alike, instead of money going to nobody.
 */
const TRON_VERSION = 0x41;

export const TRON_ADDRESS_ERRORS = {
  format: 'not a TRON address (34 characters starting with T)',
  checksum: 'not a valid TRON address: the checksum does not match (a typo?)',
} as const;

/** The mainnet USDT (TRC20) contract. */
export const USDT_TRC20_CONTRACT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

/** Base58 with a 4-byte double SHA-256 checksum, as Bitcoin's addresses and TRON's. */
const base58check = createBase58check(sha256);

/** Why `text` is not a TRON address, or undefined when it is one. */
export function tronAddressProblem(text: string): keyof typeof TRON_ADDRESS_ERRORS | undefined {
  // The alphabet is checked here, so `decode` below cannot throw on a character.
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(text)) return 'format';
  const bytes = base58.decode(text);
  if (bytes.length !== 25 || bytes[0] !== TRON_VERSION) return 'format';
  return payloadOf(text) ? undefined : 'checksum';
}

/** The 21 bytes before the checksum, or undefined when the checksum does not match. */
function payloadOf(text: string): Uint8Array | undefined {
  try {
    return base58check.decode(text);
  } catch {
    return undefined;
  }
}

export const isTronAddress = (text: string) => tronAddressProblem(text) === undefined;

/** The address of 20 account bytes (tests, the fake TronGrid and the benchmark make addresses with it). */
export function tronAddressFromBytes(account: Uint8Array): string {
  if (account.length !== 20) throw new Error('a TRON account is 20 bytes');
  const payload = new Uint8Array(21);
  payload[0] = TRON_VERSION;
  payload.set(account, 1);
  return base58check.encode(payload);
}

/** The 20 account bytes of an address (the hex form TronGrid's event logs use), or undefined for a non-address. */
export function tronAddressBytes(address: string): Uint8Array | undefined {
  if (!isTronAddress(address)) return undefined;
  return payloadOf(address)?.slice(1);
}
