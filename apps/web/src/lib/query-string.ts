/**
 * A GET call's query written the way axios wrote it, so the server reads what it always read:
 * undefined and null dropped, booleans as `true`/`false`, dates as ISO strings, a flat array as
 * `k[]=a&k[]=b`, nested values as `k[0][p]` / `k[p]`; spaces as `+`, and `:`, `$`, `,` left as is.
 */

const encode = (text: string) =>
  encodeURIComponent(text)
    .replace(/%3A/gi, ':')
    .replace(/%24/g, '$')
    .replace(/%2C/gi, ',')
    .replace(/%20/g, '+');

function pairs(key: string, value: unknown, out: string[]): void {
  if (value === undefined || value === null) return;
  if (value instanceof Date) {
    out.push(`${encode(key)}=${encode(value.toISOString())}`);
  } else if (Array.isArray(value)) {
    const flat = value.every((item) => item === null || typeof item !== 'object');
    for (const [index, item] of value.entries()) pairs(flat ? `${key}[]` : `${key}[${index}]`, item, out);
  } else if (typeof value === 'object') {
    for (const [name, item] of Object.entries(value)) pairs(`${key}[${name}]`, item, out);
  } else {
    out.push(`${encode(key)}=${encode(String(value))}`);
  }
}

/** `path` with `params` appended (after `&` when it already has a query; a `#fragment` goes). */
export function withQuery(path: string, params: object | undefined): string {
  const out: string[] = [];
  for (const [key, value] of Object.entries(params ?? {})) pairs(key, value, out);
  if (out.length === 0) return path;
  const hash = path.indexOf('#');
  const bare = hash === -1 ? path : path.slice(0, hash);
  return `${bare}${bare.includes('?') ? '&' : '?'}${out.join('&')}`;
}
