import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { IP_DATABASE_FILES, lookupArea, useIpDatabases } from './ip-area.js';

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
      province: '北京市',
      city: '北京市',
      isp: '联通',
    });
  });
  it('IPv4 and IPv6 addresses of one place and carrier get one set of names', () => {
    const beijingUnicom = { country: '中国', province: '北京市', city: '北京市', isp: '联通' };
    expect(lookupArea('61.135.169.121')).toEqual(beijingUnicom);
    expect(lookupArea('2408:8207:1851:a6b0::1')).toEqual(beijingUnicom);
    expect(lookupArea('202.96.209.5')).toMatchObject({ province: '上海市', city: '上海市', isp: '电信' });
    expect(lookupArea('240e:3b7::1')).toMatchObject({ province: '广东省', city: '广州市', isp: '电信' });
    expect(lookupArea('2409:8a00::1')).toMatchObject({ province: '北京市', city: '北京市', isp: '移动' });
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

describe('newer databases in DATA_DIR (useIpDatabases)', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tally-ip-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    // Later tests of this file read the packaged databases again.
    useIpDatabases(dataDir());
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  /**
   * An ip2region "db" file (the format of IP_DATABASE_FILES.ipv4): an 8-byte header pointing at the
   * first and last 12-byte index block (start, end, data pointer with the length in its top byte),
   * each record a 4-byte city id and `country|region|province|city|isp`.
   */
  function ipv4Db(ranges: [start: string, end: string, region: string][]): Buffer {
    const toLong = (ip: string) => ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
    const records = ranges.map(([, , region]) => Buffer.concat([Buffer.alloc(4), Buffer.from(region)]));
    const dataStart = 8;
    const indexStart = dataStart + records.reduce((n, r) => n + r.length, 0);
    const out = Buffer.alloc(indexStart + ranges.length * 12);
    out.writeUInt32LE(indexStart, 0);
    out.writeUInt32LE(indexStart + (ranges.length - 1) * 12, 4);
    let at = dataStart;
    ranges.forEach(([start, end], i) => {
      const record = records[i]!;
      record.copy(out, at);
      const block = indexStart + i * 12;
      out.writeUInt32LE(toLong(start), block);
      out.writeUInt32LE(toLong(end), block + 4);
      out.writeUInt32LE(((record.length << 24) | at) >>> 0, block + 8);
      at += record.length;
    });
    return out;
  }

  const packaged = useIpDatabases(dataDir());

  it('without files of its own, the packaged ones are used (IPv6 data of 2021-05-11)', () => {
    expect(packaged.ipv4).toMatch(/node_modules\/ip2region\/data\/ip2region\.db$/);
    expect(packaged.ipv6).toMatch(/node_modules\/ip2region\/data\/ipv6wry\.db$/);
    expect(packaged.ipv6Version).toBe('20210511');
    expect(packaged.problems).toEqual([]);
  });

  it('an ip2region.db in DATA_DIR takes precedence for IPv4; IPv6 stays packaged', () => {
    const dir = dataDir();
    writeFileSync(
      path.join(dir, IP_DATABASE_FILES.ipv4),
      ipv4Db([
        ['0.0.0.0', '8.8.8.255', '0|0|0|0|0'],
        ['8.8.9.0', '8.8.9.255', '中国|0|浙江省|杭州市|电信'],
        ['8.8.10.0', '255.255.255.255', '0|0|0|0|0'],
      ]),
    );
    const used = useIpDatabases(dir);
    expect(used).toMatchObject({ ipv4: path.join(dir, 'ip2region.db'), ipv6: packaged.ipv6, problems: [] });
    expect(lookupArea('8.8.9.9')).toEqual({
      country: '中国',
      province: '浙江省',
      city: '杭州市',
      isp: '电信',
    });
    expect(lookupArea('::ffff:8.8.9.9')).toMatchObject({ city: '杭州市' });
    expect(lookupArea('120.24.78.68')).toEqual({ country: '', province: '', city: '', isp: '' });
    expect(lookupArea('240e:3b7::1')).toMatchObject({ province: '广东省', city: '广州市' });
  });

  it('an ipv6wry.db in DATA_DIR takes precedence for IPv6', () => {
    const dir = dataDir();
    copyFileSync(packaged.ipv6, path.join(dir, IP_DATABASE_FILES.ipv6));
    const used = useIpDatabases(dir);
    expect(used).toMatchObject({ ipv4: packaged.ipv4, ipv6: path.join(dir, 'ipv6wry.db'), problems: [] });
    expect(lookupArea('240e:3b7::1')).toMatchObject({ province: '广东省', city: '广州市' });
  });

  it('a file that is no such database, or an .xdb, is passed over with the reason; lookups go on', () => {
    const dir = dataDir();
    writeFileSync(path.join(dir, IP_DATABASE_FILES.ipv4), 'not a database, a download error page');
    writeFileSync(path.join(dir, IP_DATABASE_FILES.ipv6), 'IPDX and more bytes than a header needs');
    writeFileSync(path.join(dir, 'ip2region_v6.xdb'), 'xdb');
    const used = useIpDatabases(dir);
    expect(used).toMatchObject({ ipv4: packaged.ipv4, ipv6: packaged.ipv6 });
    expect(used.problems).toEqual([
      expect.stringContaining(`${path.join(dir, 'ip2region.db')} is not usable, the packaged ipv4 database`),
      expect.stringContaining(`${path.join(dir, 'ipv6wry.db')} is not usable, the packaged ipv6 database`),
      expect.stringContaining('ip2region_v6.xdb is not read'),
    ]);
    expect(lookupArea('120.24.78.68')).toMatchObject({ city: '深圳市' });
  });
});
