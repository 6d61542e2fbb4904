/**
 * Encrypted response payloads (PRODUCT.md "API contract"), shared by server and web so both run the
 * same code against the same test vector.
 *
 * Scheme v1: key = HKDF-SHA256(ikm = session token as UTF-8, salt, info "tally-crypt-v1") → AES-256-GCM.
 * The body carries `crypt: 1`, `key` = base64(salt[16] ‖ iv[12]) and `data` = base64(ciphertext ‖ tag[16])
 * of the JSON text. Only a holder of the session token can derive the key.
 */
const INFO = new TextEncoder().encode('tally-crypt-v1');

function subtle(): SubtleCrypto {
  return globalThis.crypto.subtle;
}

export function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const s = atob(text);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

async function deriveKey(token: string, salt: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  const ikm = await subtle().importKey('raw', new TextEncoder().encode(token), 'HKDF', false, ['deriveKey']);
  return subtle().deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt, info: INFO },
    ikm,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

export interface SealedPayload {
  key: string;
  data: string;
}

/** `nonce` (28 bytes: salt ‖ iv) is only passed by tests that pin a vector; production draws it at random. */
export async function sealPayload(token: string, value: unknown, nonce?: Uint8Array): Promise<SealedPayload> {
  const material = new Uint8Array(28);
  if (nonce) material.set(nonce);
  else globalThis.crypto.getRandomValues(material);
  const salt = material.slice(0, 16);
  const iv = material.slice(16, 28);
  const key = await deriveKey(token, salt);
  const plain = new TextEncoder().encode(JSON.stringify(value));
  const sealed = new Uint8Array(await subtle().encrypt({ name: 'AES-GCM', iv }, key, plain));
  return { key: toBase64(material), data: toBase64(sealed) };
}

export async function openPayload(token: string, payload: SealedPayload): Promise<unknown> {
  const material = fromBase64(payload.key);
  if (material.length !== 28) throw new Error('bad crypt key');
  const key = await deriveKey(token, material.slice(0, 16));
  const plain = await subtle().decrypt(
    { name: 'AES-GCM', iv: material.slice(16, 28) },
    key,
    fromBase64(payload.data),
  );
  return JSON.parse(new TextDecoder().decode(plain));
}
