import type { Executor } from '../../db/client.js';

/** The dimensions clicks are counted by; `total` has the key ''. */
export const CLICK_DIMS = ['total', 'area', 'referrer', 'device', 'browser'] as const;
export type ClickDim = (typeof CLICK_DIMS)[number];

/** Clicks of one link on one UTC day with one value of a dimension, summed over a batch. */
export interface ClickCount {
  linkId: number;
  day: string;
  dim: ClickDim;
  key: string;
  clicks: number;
}

/**
 * A whole batch in one statement: the day rows upserted and each link's counter raised by its
 * `total` rows, so `short_links.clicks` always equals the stored totals. Both join the live links: a
 * click of a link deleted while it waited is dropped instead of failing the batch. The text never
 * changes (one array per column), so it is a named prepared statement, parsed once per connection.
 */
const WRITE = `
with batch as (
  select * from unnest($1::bigint[], $2::date[], $3::text[], $4::text[], $5::bigint[]) as b(link_id, day, dim, key, clicks)
),
upserted as (
  insert into short_link_daily (link_id, day, dim, key, clicks)
  select b.link_id, b.day, b.dim, b.key, b.clicks from batch b join short_links l on l.id = b.link_id
  on conflict (link_id, dim, day, key) do update set clicks = short_link_daily.clicks + excluded.clicks
),
totals as (select link_id, sum(clicks)::bigint as n from batch where dim = 'total' group by link_id)
update short_links l set clicks = l.clicks + t.n from totals t where l.id = t.link_id
returning l.id, l.clicks`;

export class ClicksRepository {
  constructor(private readonly db: Executor) {}

  /** Adds the counts (unique by link, day, dim and key); answers each touched link's click count after. */
  async add(counts: ClickCount[]): Promise<{ id: number; clicks: number }[]> {
    const rows = await this.db.query<{ id: string | number; clicks: string | number }>(
      WRITE,
      [
        counts.map((c) => c.linkId),
        counts.map((c) => c.day),
        counts.map((c) => c.dim),
        counts.map((c) => c.key),
        counts.map((c) => c.clicks),
      ],
      'short_link_clicks_add',
    );
    return rows.map((r) => ({ id: Number(r.id), clicks: Number(r.clicks) }));
  }
}
