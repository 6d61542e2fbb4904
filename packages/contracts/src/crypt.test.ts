import { describe, expect, it } from 'vitest';
import { openPayload, sealPayload } from './crypt.js';
import { CRYPT_TEST_VECTOR as V } from './crypt-vector.js';

describe('crypt payloads', () => {
  it('seals the shared vector byte for byte', async () => {
    expect(await sealPayload(V.token, V.value, Uint8Array.from(V.nonce))).toEqual(V.sealed);
  });
  it('opens the shared vector', async () => {
    expect(await openPayload(V.token, V.sealed)).toEqual(V.value);
  });
  it('refuses another token', async () => {
    await expect(openPayload('other-token', V.sealed)).rejects.toThrow();
  });
});
