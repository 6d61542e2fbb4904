/** The shared test vector of the crypt scheme: server and web tests both assert against it. */
export const CRYPT_TEST_VECTOR = {
  token: 'tally-test-token',
  nonce: Array.from({ length: 28 }, (_, i) => i),
  value: { hello: '世界', n: 1 },
  sealed: {
    key: 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGw==',
    data: 'DfxkgLDHzsiwek5XmIXxtUMDShi318M/Hfv54cXNueeXqwzgUulPWw==',
  },
} as const;
