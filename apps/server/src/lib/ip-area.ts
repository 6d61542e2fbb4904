import { closeSync, existsSync, openSync, readdirSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { CN_MUNICIPALITIES, canonicalIsp, canonicalProvince } from '@tally/contracts';

// ip2region is CommonJS with an `exports.default` class; `require` reads it the same way under Node and Vitest.
const require = createRequire(import.meta.url);
const IP2Region = (require('ip2region') as typeof import('ip2region')).default;

/**
 * The files DATA_DIR may hold to replace the databases packaged with ip2region 2.3.0 (IPv6 data of
 * 2021), each on its own, under these names and in the formats that package reads: `ip2region.db` is
 * ip2region's original "db" format (not the later `.xdb`), `ipv6wry.db` the ZX IPv6 database ("IPDB").
 */
export const IP_DATABASE_FILES = { ipv4: 'ip2region.db', ipv6: 'ipv6wry.db' } as const;
type Family = keyof typeof IP_DATABASE_FILES;

/** The packaged files (the ones ip2region opens when given none). */
const PACKAGED_DIR = path.join(path.dirname(require.resolve('ip2region/package.json')), 'data');
const PACKAGED: Record<Family, string> = {
  ipv4: path.join(PACKAGED_DIR, IP_DATABASE_FILES.ipv4),
  ipv6: path.join(PACKAGED_DIR, IP_DATABASE_FILES.ipv6),
};

/** The files lookups read, and why a file of DATA_DIR was passed over (for the start's log). */
export interface IpDatabases {
  ipv4: string;
  ipv6: string;
  /** The IPv6 file's own date (`20210511` for the packaged one), when it carries one. */
  ipv6Version?: string;
  problems: string[];
}

export interface Area {
  country: string;
  province: string;
  city: string;
  isp: string;
}

const UNKNOWN: Area = { country: '', province: '', city: '', isp: '' };
/** ip2region's markers for addresses that have no place: LAN, loopback, link-local. */
const NO_PLACE = /内网IP|本机地址|本地链路|局域网|保留地址/;

let db: InstanceType<typeof IP2Region> | undefined;

/** Opens the two files; throws when either is not a database ip2region can search. */
function open(files: Record<Family, string>): InstanceType<typeof IP2Region> {
  const opened = new IP2Region({ ipv4db: files.ipv4, ipv6db: files.ipv6 });
  // A file of another format opens without complaint and fails at its first search: search now.
  for (const ip of ['8.8.8.8', '114.114.114.114', '240e:3b7::1', '2001:4860:4860::8888']) opened.search(ip);
  return opened;
}

/**
 * Chooses the databases every later lookup reads (call once at start): each of IP_DATABASE_FILES
 * found in `dataDir` replaces the packaged one; one that cannot be read is passed over, with the
 * reason in `problems`, so a bad download never stops Tally nor blanks its areas.
 */
export function useIpDatabases(dataDir: string): IpDatabases {
  const files = { ...PACKAGED };
  const problems: string[] = [];
  for (const family of ['ipv4', 'ipv6'] as const) {
    const candidate = path.join(dataDir, IP_DATABASE_FILES[family]);
    if (!existsSync(candidate)) continue;
    try {
      open({ ...PACKAGED, [family]: candidate });
      files[family] = candidate;
    } catch (err) {
      problems.push(
        `${candidate} is not usable, the packaged ${family} database is used: ${(err as Error).message}`,
      );
    }
  }
  // ip2region's current releases (ip2region_v4.xdb, ip2region_v6.xdb) are of a format 2.3.0 cannot read.
  for (const name of existsSync(dataDir) ? readdirSync(dataDir) : [])
    if (name.endsWith('.xdb'))
      problems.push(
        `${path.join(dataDir, name)} is not read: ip2region 2.3.0 reads the older .db format only`,
      );
  db = open(files);
  return { ...files, ipv6Version: ipv6Version(files.ipv6), problems };
}

/** The date an IPDB file's header points to (offset 32), e.g. `20210511` for the packaged one. */
function ipv6Version(file: string): string | undefined {
  const fd = openSync(file, 'r');
  try {
    const header = Buffer.alloc(40);
    if (readSync(fd, header, 0, 40, 0) < 40) return undefined;
    const text = Buffer.alloc(32);
    const read = readSync(fd, text, 0, 32, Number(header.readBigUInt64LE(32)));
    const version = text.toString('utf8', 0, read).split('\0')[0] ?? '';
    return /^[\w .:-]+$/.test(version) ? version : undefined;
  } finally {
    closeSync(fd);
  }
}

/**
 * One place, one name: the IPv4 and IPv6 databases spell provinces and carriers differently (北京 and
 * 北京市, 电信 and 中国电信公众宽带), so both are brought to one form (see area-names in the contracts);
 * a municipality's empty city (IPv6) is the municipality.
 */
export function canonicalArea(area: Area): Area {
  const province = area.country === '中国' ? canonicalProvince(area.province) : area.province;
  const municipality = (CN_MUNICIPALITIES as readonly string[]).includes(province);
  return {
    country: area.country,
    province,
    city: area.city || (municipality ? province : ''),
    isp: canonicalIsp(area.isp),
  };
}

/**
 * Area of an IPv4 or IPv6 address from ip2region's databases (those of DATA_DIR after useIpDatabases,
 * else the packaged ones), in canonical names. Private,
 * loopback and malformed addresses give empty fields (shown as 未知) instead of ip2region's placeholder text.
 */
export function lookupArea(ip: string): Area {
  db ??= new IP2Region();
  let hit: Area | null = null;
  try {
    hit = db.search(ip);
  } catch {
    return UNKNOWN;
  }
  if (!hit) return UNKNOWN;
  const clean = (v: string) => (v && v !== '0' && !NO_PLACE.test(v) ? v : '');
  if (NO_PLACE.test(hit.city) || NO_PLACE.test(hit.isp)) return UNKNOWN;
  return canonicalArea({
    country: clean(hit.country),
    province: clean(hit.province),
    city: clean(hit.city),
    isp: clean(hit.isp),
  });
}
