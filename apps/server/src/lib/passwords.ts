import { type Algorithm, hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. */
// `Algorithm` is a const enum, which isolated modules cannot read: 2 is Argon2id.
const OPTIONS = { algorithm: 2 as Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, OPTIONS);

/** Verifying against this when the account does not exist keeps the timing the same either way. */
let dummy: Promise<string> | undefined;

export async function verifyPassword(stored: string | undefined, password: string): Promise<boolean> {
  dummy ??= hashPassword('tally-dummy-password');
  try {
    return await verify(stored ?? (await dummy), password);
  } catch {
    return false;
  }
}
