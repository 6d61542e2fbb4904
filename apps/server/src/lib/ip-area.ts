import { createRequire } from 'node:module';
import { CN_MUNICIPALITIES, canonicalIsp, canonicalProvince } from '@tally/contracts';

// ip2region is CommonJS with an `exports.default` class; `require` reads it the same way under Node and Vitest.
const IP2Region = (createRequire(import.meta.url)('ip2region') as typeof import('ip2region')).default;

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
 * Area of an IPv4 or IPv6 address from ip2region's bundled databases, in canonical names. Private,
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
