/** Campaign parameters of the landing URL; each value trimmed and capped so one URL cannot bloat a row. */
export interface Utm {
  source: string | null;
  medium: string | null;
  campaign: string | null;
  term: string | null;
  content: string | null;
}

const MAX = 200;

/**
 * The names each field is read from, first found wins: UTM, then Matomo's own (`mtm_*`, and the older
 * `pk_*`), which a site moving from Matomo keeps in its campaign links (matomo.org/faq/how-to/faq_8316).
 */
const NAMES: Record<keyof Utm, string[]> = {
  source: ['utm_source', 'mtm_source', 'pk_source'],
  medium: ['utm_medium', 'mtm_medium', 'pk_medium'],
  campaign: ['utm_campaign', 'mtm_campaign', 'mtm_cpn', 'pk_campaign', 'pk_cpn'],
  term: ['utm_term', 'mtm_keyword', 'mtm_kwd', 'pk_keyword', 'pk_kwd'],
  content: ['utm_content', 'mtm_content', 'pk_content'],
};

export function parseUtm(pageUrl: URL): Utm {
  const params = pageUrl.searchParams;
  const get = (key: keyof Utm) => {
    for (const name of NAMES[key]) {
      const value = params.get(name)?.trim();
      if (value) return value.slice(0, MAX);
    }
    return null;
  };
  return {
    source: get('source'),
    medium: get('medium'),
    campaign: get('campaign'),
    term: get('term'),
    content: get('content'),
  };
}
