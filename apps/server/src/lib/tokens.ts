import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';

/** 256-bit random session token, URL-safe. */
export const newToken = () => randomBytes(32).toString('base64url');

/** A password handed to a person once (first admin, CLI resets): 96 random bits. */
export const newPassword = () => randomBytes(12).toString('base64url');

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export const hmac = (secret: string, value: string) =>
  createHmac('sha256', secret).update(value).digest('hex');

export const sixDigits = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function inviteCode(length = 8): string {
  let out = '';
  for (let i = 0; i < length; i++) out += INVITE_ALPHABET[randomInt(0, INVITE_ALPHABET.length)];
  return out;
}
