import type { SiteRow } from '../../db/schema/index.js';

/**
 * Where the tracker is served from: the first `tjDomains` entry when an admin set one (a host that
 * points at this server, so ad blockers keyed on the main domain miss it), else the public URL.
 */
export function trackerBase(tjDomains: unknown, publicUrl: string): string {
  // The setting is a JSON string by contract; a JSON column may hand it back already parsed.
  let list: unknown = tjDomains;
  if (typeof tjDomains === 'string') {
    try {
      list = JSON.parse(tjDomains);
    } catch {
      list = [];
    }
  }
  const first = Array.isArray(list)
    ? list.find((d): d is string => typeof d === 'string' && d.trim() !== '')
    : undefined;
  if (!first) return publicUrl;
  const trimmed = first.trim().replace(/\/+$/, '');
  return /^https?:\/\//.test(trimmed) ? trimmed : `https://${trimmed}`;
}

/** The tag the site dialog shows; attributes mirror the site's privacy switches (see the tracker). */
export function snippetFor(
  site: Pick<SiteRow, 'trackingKey' | 'respectDnt' | 'cookieless'>,
  base: string,
): string {
  const flags = `${site.respectDnt ? ' data-dnt' : ''}${site.cookieless ? ' data-cookieless' : ''}`;
  return `<script defer src="${base}/tj.js" data-site="${site.trackingKey}"${flags}></script>`;
}
