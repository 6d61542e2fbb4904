import { createRequire } from 'node:module';

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
 * Area of an IPv4 or IPv6 address from ip2region's bundled databases. Private, loopback and malformed
 * addresses give empty fields (shown as 未知) instead of ip2region's placeholder text.
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
  return {
    country: clean(hit.country),
    province: clean(hit.province),
    city: clean(hit.city),
    isp: clean(hit.isp),
  };
}
