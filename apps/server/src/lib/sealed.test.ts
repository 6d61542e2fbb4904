import { describe, expect, it } from 'vitest';
import { createSealer, SEALED_PREFIX } from './sealed.js';

const sealer = createSealer('a'.repeat(64));

describe('sealed values', () => {
  it('opens what it sealed, and never seals the same value the same way twice', () => {
    const first = sealer.seal('s3cret-pass');
    const second = sealer.seal('s3cret-pass');
    expect(first.startsWith(SEALED_PREFIX)).toBe(true);
    expect(first).not.toContain('s3cret');
    expect(first).not.toBe(second);
    expect(sealer.open(first)).toBe('s3cret-pass');
    expect(sealer.open(sealer.seal(''))).toBe('');
    expect(sealer.open(sealer.seal('密码 ✓'))).toBe('密码 ✓');
  });

  it('passes a value stored before sealing through as it is', () => {
    expect(sealer.open('plain-old-pass')).toBe('plain-old-pass');
    expect(sealer.isSealed('plain-old-pass')).toBe(false);
  });

  it('cannot open a value sealed under another APP_SECRET, a changed value or a cut one', () => {
    const sealed = sealer.seal('s3cret-pass');
    expect(createSealer('b'.repeat(64)).open(sealed)).toBeUndefined();
    const body = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64url');
    body[body.length - 1] = (body[body.length - 1] ?? 0) ^ 1;
    expect(sealer.open(SEALED_PREFIX + body.toString('base64url'))).toBeUndefined();
    expect(sealer.open(`${SEALED_PREFIX}AAAA`)).toBeUndefined();
  });
});
