import { BlockList, isIP } from 'node:net';

/** One address or CIDR range (`203.0.113.7`, `198.51.100.0/24`, `2001:db8::/32`), as `net` reads it. */
function parse(entry: string): { addr: string; bits?: number; type: 'ipv4' | 'ipv6' } | undefined {
  const [addr = '', bits, extra] = entry.trim().split('/');
  const family = isIP(addr);
  if (!family || extra !== undefined) return undefined;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (bits === undefined) return { addr, type };
  if (!/^\d{1,3}$/.test(bits) || Number(bits) > (family === 4 ? 32 : 128)) return undefined;
  return { addr, bits: Number(bits), type };
}

/** Whether the server can use this entry (the contracts' schema is looser about IPv6). */
export const isAddressEntry = (entry: string) => parse(entry) !== undefined;

/** `::ffff:1.2.3.4` (IPv4 over an IPv6 socket) is `1.2.3.4`. */
const unmapped = (ip: string) => /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1] ?? ip;

/** Whether a call from `ip` may use a key limited to `allowed` (an empty list allows any address). */
export function addressAllowed(ip: string, allowed: readonly string[]): boolean {
  if (allowed.length === 0) return true;
  const addr = unmapped(ip);
  const family = isIP(addr);
  if (!family) return false;
  const list = new BlockList();
  for (const entry of allowed) {
    const rule = parse(entry);
    if (!rule) continue;
    if (rule.bits === undefined) list.addAddress(rule.addr, rule.type);
    else list.addSubnet(rule.addr, rule.bits, rule.type);
  }
  return list.check(addr, family === 4 ? 'ipv4' : 'ipv6');
}
