import crypto, { createHmac, randomBytes, randomInt } from 'node:crypto';

/** 256-bit random session token, URL-safe. */
export const newToken = () => randomBytes(32).toString('base64url');

/** A password handed to a person once (first admin, CLI resets): 96 random bits. */
export const newPassword = () => randomBytes(12).toString('base64url');

/**
 * A digest of a string (SHA-256 in hex: `sha256`). Node's one-shot `crypto.hash` (20.12+) gives the digest
 * `createHash(…).update(…).digest(…)` gives at about half the cost (no Hash object per call), which
 * shows on the collect path (one to three digests a hit); older Node 20 releases take the long way.
 */
export const digestOf: (
  algorithm: 'sha1' | 'sha256',
  value: string,
  encoding: 'hex' | 'base64url',
) => string =
  typeof crypto.hash === 'function'
    ? (algorithm, value, encoding) => crypto.hash(algorithm, value, encoding)
    : (algorithm, value, encoding) => crypto.createHash(algorithm).update(value).digest(encoding);

export const sha256 = (value: string) => digestOf('sha256', value, 'hex');

export const hmac = (secret: string, value: string) =>
  createHmac('sha256', secret).update(value).digest('hex');

export const sixDigits = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function inviteCode(length = 8): string {
  let out = '';
  for (let i = 0; i < length; i++) out += INVITE_ALPHABET[randomInt(0, INVITE_ALPHABET.length)];
  return out;
}
