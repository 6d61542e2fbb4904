import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** Marks a sealed value; anything else is a plain value stored before sealing existed. */
export const SEALED_PREFIX = 'sealed:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface Sealer {
  seal(plain: string): string;
  /** The plain value; a plain (never sealed) value as it is; undefined when this key cannot open it. */
  open(stored: string): string | undefined;
  isSealed(stored: string): boolean;
}

/**
 * AES-256-GCM under a key derived from APP_SECRET, for secrets kept in the database (the SMTP
 * password): a dump or a stolen database alone does not reveal them, and a changed value is detected.
 */
export function createSealer(appSecret: string): Sealer {
  const key = Buffer.from(hkdfSync('sha256', appSecret, '', 'tally sealed settings', 32));
  const isSealed = (stored: string) => stored.startsWith(SEALED_PREFIX);
  return {
    isSealed,
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return SEALED_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(stored) {
      if (!isSealed(stored)) return stored;
      const raw = Buffer.from(stored.slice(SEALED_PREFIX.length), 'base64url');
      if (raw.length < IV_BYTES + TAG_BYTES) return undefined;
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      try {
        return Buffer.concat([
          decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        return undefined;
      }
    },
  };
}
