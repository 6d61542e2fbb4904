import { createHash, randomBytes } from 'node:crypto';
import { base58 } from '@scure/base';
import { describe, expect, it } from 'vitest';
import {
  isTronAddress,
  TRON_ADDRESS_ERRORS,
  tronAddressBytes,
  tronAddressFromBytes,
  tronAddressProblem,
  USDT_TRC20_CONTRACT,
} from './tron.js';
import { tronAddressSchema } from './tron-schemas.js';
import { localizeMessage } from './user-messages.js';

describe('TRON addresses by base58check', () => {
  it('an address is 0x41, the account and the first 4 bytes of a double SHA-256 (node:crypto agrees)', () => {
    const account = randomBytes(20);
    const bytes = base58.decode(tronAddressFromBytes(account));
    const payload = Buffer.concat([Buffer.from([0x41]), account]);
    const once = createHash('sha256').update(payload).digest();
    const twice = createHash('sha256').update(once).digest();
    expect(Buffer.from(bytes)).toEqual(Buffer.concat([payload, twice.subarray(0, 4)]));
  });

  it('accepts real addresses (the USDT contract, a known wallet) and generated ones', () => {
    expect(isTronAddress(USDT_TRC20_CONTRACT)).toBe(true);
    expect(isTronAddress('TJRabPrwbZy45sbavfcjinPJC18kjpRTv8')).toBe(true);
    for (let i = 0; i < 50; i++) expect(isTronAddress(tronAddressFromBytes(randomBytes(20)))).toBe(true);
  });

  it('refuses every one-character typo by its checksum', () => {
    const good = USDT_TRC20_CONTRACT;
    let refused = 0;
    for (let i = 1; i < good.length; i++) {
      const typo = `${good.slice(0, i)}${good[i] === 'a' ? 'b' : 'a'}${good.slice(i + 1)}`;
      expect(isTronAddress(typo), typo).toBe(false);
      refused += 1;
    }
    expect(refused).toBe(33);
    expect(tronAddressProblem(`${good.slice(0, -1)}u`)).toBe('checksum');
  });

  it('refuses wrong shapes: length, alphabet (0, O, I, l), a Bitcoin or Ethereum address', () => {
    for (const bad of [
      '',
      'T',
      `${USDT_TRC20_CONTRACT}x`,
      'T0000000000000000000000000000000O',
      '1BoatSLRHtKNngkdXEeobR76b53LETtpyT',
      '0x52908400098527886E0F7030069857D2E4169EE7',
    ])
      expect(tronAddressProblem(bad)).toBe('format');
  });

  it('the schema trims, and names the problem in English and Chinese', () => {
    expect(tronAddressSchema.parse(`  ${USDT_TRC20_CONTRACT} `)).toBe(USDT_TRC20_CONTRACT);
    const typo = tronAddressSchema.safeParse(`${USDT_TRC20_CONTRACT.slice(0, -1)}u`);
    const message = typo.error?.issues[0]?.message ?? '';
    expect(message).toBe(TRON_ADDRESS_ERRORS.checksum);
    expect(localizeMessage(message, 'zh')).toContain('校验和');
    expect(localizeMessage(TRON_ADDRESS_ERRORS.format, 'zh')).toContain('TRON 地址');
  });

  it('an address gives back its 20 account bytes (the hex of event logs); a non-address gives none', () => {
    const account = Uint8Array.from({ length: 20 }, (_, i) => i * 11);
    expect(tronAddressBytes(tronAddressFromBytes(account))).toEqual(account);
    expect(tronAddressBytes(`${USDT_TRC20_CONTRACT.slice(0, -1)}u`)).toBeUndefined();
  });
});
