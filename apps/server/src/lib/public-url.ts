import type { FastifyRequest } from 'fastify';

/**
 * The address users and visitors' browsers reach Tally at, which tracking snippets and share links
 * name. In order: the 网站地址 setting (`weburl`), which an admin can change without a restart;
 * `PUBLIC_URL` when it was set; else the origin the caller itself used, which is right for whoever
 * copies the snippet out of the page they are on (behind a trusted proxy, Fastify reads its
 * X-Forwarded-Host and X-Forwarded-Proto into `request.host` and `request.protocol`).
 */
export function publicBase(weburl: unknown, configured: string | undefined, requestOrigin: string): string {
  return baseOf(weburl) ?? configured ?? requestOrigin;
}

/** The caller's own origin as it reached us. */
export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** An http(s) address without its trailing slash, or undefined for anything else (an empty setting). */
function baseOf(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  try {
    const url = new URL(value.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
  } catch {
    return undefined;
  }
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Why a configured public address cannot reach this process, or undefined when it may. Only a
 * loopback address is checked: there the port must be the one Tally listens on (behind a proxy on
 * the same machine the proxy's port is public, and the address is not loopback).
 */
export function publicAddressProblem(name: string, value: unknown, listenPort: number): string | undefined {
  const base = baseOf(value);
  if (!base) return undefined;
  const url = new URL(base);
  if (!LOOPBACK.has(url.hostname)) return undefined;
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  if (port === listenPort) return undefined;
  return `${name} is ${base}, but Tally listens on port ${listenPort}: tracking snippets and share links naming it will not reach this server. Set ${name} to the address users reach Tally at${name === 'PUBLIC_URL' ? ', or leave it unset to use the address of each request' : ''}.`;
}

/** The start-up warnings for both configured addresses (PUBLIC_URL and the 网站地址 setting). */
export function publicAddressWarnings(
  publicUrl: string | undefined,
  weburl: unknown,
  listenPort: number,
): string[] {
  return [
    publicAddressProblem('PUBLIC_URL', publicUrl, listenPort),
    publicAddressProblem('网站地址 (weburl)', weburl, listenPort),
  ].filter((w): w is string => w !== undefined);
}
