import { describe, expect, it } from 'vitest';
import { ipMatcher, isIpOrCidr, maskIp, normaliseIp } from './ip-rules.js';

describe('ipMatcher', () => {
  const ignored = ipMatcher(['203.0.113.7', '198.51.100.0/24', '2001:db8::/32', 'junk', '10.0.0.0/99']);
  it('matches single addresses and CIDR ranges of both families', () => {
    expect(ignored('203.0.113.7')).toBe(true);
    expect(ignored('198.51.100.200')).toBe(true);
    expect(ignored('2001:db8:1::5')).toBe(true);
  });
  it('does not match outside them, nor malformed input', () => {
    expect(ignored('203.0.113.8')).toBe(false);
    expect(ignored('198.51.101.1')).toBe(false);
    expect(ignored('2001:db9::1')).toBe(false);
    expect(ignored('not-an-ip')).toBe(false);
    expect(ignored('10.0.0.1')).toBe(false);
  });
  it('an empty list matches nothing', () => {
    expect(ipMatcher([])('1.1.1.1')).toBe(false);
  });
});

describe('isIpOrCidr', () => {
  it.each(['1.2.3.4', '1.2.3.0/24', '::1', '2001:db8::/32', '0.0.0.0/0'])('%s is valid', (v) => {
    expect(isIpOrCidr(v)).toBe(true);
  });
  it.each(['', 'x', '1.2.3.4/33', '1.2.3.4/', '1.2.3.4/a', '::1/129', '1.2.3.4/8/8', '300.1.1.1'])(
    '%s is invalid',
    (v) => {
      expect(isIpOrCidr(v)).toBe(false);
    },
  );
});

describe('maskIp and normaliseIp', () => {
  it('masks IPv4 to /24 and IPv6 to /48', () => {
    expect(maskIp('120.24.78.68')).toBe('120.24.78.0');
    expect(maskIp('240e:47d:c20:1627:30a3:ba0d:a5e6:ec19')).toBe('240e:47d:c20::');
    expect(maskIp('2001:db8::1')).toBe('2001:db8:0::');
    expect(maskIp('nonsense')).toBe('');
  });
  it('unwraps IPv4-mapped IPv6', () => {
    expect(normaliseIp('::ffff:1.2.3.4')).toBe('1.2.3.4');
    expect(normaliseIp('::1')).toBe('::1');
  });
});
