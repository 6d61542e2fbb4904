/** Campaign parameters of the landing URL; each value trimmed and capped so one URL cannot bloat a row. */
export interface Utm {
  source: string | null;
  medium: string | null;
  campaign: string | null;
  term: string | null;
  content: string | null;
}

const MAX = 200;

export function parseUtm(pageUrl: URL): Utm {
  const get = (key: string) => {
    const value = pageUrl.searchParams.get(`utm_${key}`)?.trim();
    return value ? value.slice(0, MAX) : null;
  };
  return {
    source: get('source'),
    medium: get('medium'),
    campaign: get('campaign'),
    term: get('term'),
    content: get('content'),
  };
}
