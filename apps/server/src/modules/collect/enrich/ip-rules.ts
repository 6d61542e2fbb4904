import { BlockList, isIP } from 'node:net';

/** Normalises `::ffff:1.2.3.4` (IPv4 over an IPv6 socket) to `1.2.3.4`. */
export function normaliseIp(ip: string): string {
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return m ? m[1]! : ip;
}

/**
 * A site's ignored IPs: single addresses or CIDR ranges, IPv4 or IPv6. Entries that are neither are
 * skipped here; the site form rejects them before they are stored.
 */
export function ipMatcher(entries: readonly string[]): (ip: string) => boolean {
  const list = new BlockList();
  let any = false;
  for (const entry of entries) {
    const [addr = '', bits] = entry.trim().split('/');
    const family = isIP(addr);
    if (!family) continue;
    const type = family === 4 ? 'ipv4' : 'ipv6';
    const prefix = bits === undefined ? undefined : Number(bits);
    if (prefix === undefined) list.addAddress(addr, type);
    else if (Number.isInteger(prefix) && prefix >= 0 && prefix <= (family === 4 ? 32 : 128))
      list.addSubnet(addr, prefix, type);
    else continue;
    any = true;
  }
  if (!any) return () => false;
  return (ip) => {
    const family = isIP(ip);
    return family !== 0 && list.check(ip, family === 4 ? 'ipv4' : 'ipv6');
  };
}

/** True for a valid `ip` or `ip/prefix` entry (the site form's rule for ignored IPs). */
export function isIpOrCidr(entry: string): boolean {
  const [addr = '', bits, extra] = entry.trim().split('/');
  const family = isIP(addr);
  if (!family || extra !== undefined) return false;
  if (bits === undefined) return true;
  const prefix = Number(bits);
  return /^\d+$/.test(bits) && prefix <= (family === 4 ? 32 : 128);
}

/** The per-site "mask IP" switch: keep the network (IPv4 /24, IPv6 /48), drop the host part. */
export function maskIp(ip: string): string {
  const family = isIP(ip);
  if (family === 4) return ip.replace(/\.\d+$/, '.0');
  if (family === 6) return `${expandIpv6(ip).slice(0, 3).join(':')}::`;
  return '';
}

function expandIpv6(ip: string): string[] {
  const [head = '', tail] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const fill = Array(Math.max(0, 8 - left.length - right.length)).fill('0');
  return [...left, ...(tail === undefined ? [] : fill), ...right].map((g) => g.replace(/^0+(?=.)/, ''));
}
