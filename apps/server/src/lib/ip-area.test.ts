import { describe, expect, it } from 'vitest';
import { lookupArea } from './ip-area.js';

describe('lookupArea (ip2region)', () => {
  it('a Chinese IPv4 address gives country, province, city and ISP', () => {
    expect(lookupArea('120.24.78.68')).toEqual({
      country: '中国',
      province: '广东省',
      city: '深圳市',
      isp: '阿里云',
    });
    expect(lookupArea('61.135.169.121')).toMatchObject({
      country: '中国',
      province: '北京',
      city: '北京市',
      isp: '联通',
    });
  });
  it('a foreign address gives its country', () => {
    expect(lookupArea('8.8.8.8')).toMatchObject({ country: '美国' });
  });
  it('IPv6 and IPv4-mapped IPv6', () => {
    expect(lookupArea('240e:47d:c20:1627:30a3:ba0d:a5e6:ec19')).toMatchObject({
      country: '中国',
      province: '广东省',
    });
    expect(lookupArea('::ffff:120.24.78.68')).toMatchObject({ city: '深圳市' });
  });
  it.each(['127.0.0.1', '10.1.2.3', '192.168.0.1', '::1', 'fe80::1'])('%s (no place) is unknown', (ip) => {
    expect(lookupArea(ip)).toEqual({ country: '', province: '', city: '', isp: '' });
  });
  it.each(['', 'garbage', '1.2.3', '999.1.1.1', ':::', '1.2.3.4.5'])(
    'malformed %j is unknown, never a throw',
    (ip) => {
      expect(lookupArea(ip)).toEqual({ country: '', province: '', city: '', isp: '' });
    },
  );
});
