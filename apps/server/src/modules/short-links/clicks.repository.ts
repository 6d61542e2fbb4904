import type { Executor } from '../../db/client.js';

/** A click ready to store: the redirect's time and the request's enrichment. */
export interface ClickRow {
  linkId: number;
  ts: Date;
  country: string;
  province: string;
  city: string;
  refCategory: string;
  refDomain: string;
  browser: string;
  os: string;
  device: string;
}

const COLUMNS = [
  ['link_id', 'bigint'],
  ['ts', 'timestamptz'],
  ['country', 'text'],
  ['province', 'text'],
  ['city', 'text'],
  ['ref_category', 'text'],
  ['ref_domain', 'text'],
  ['browser', 'text'],
  ['os', 'text'],
  ['device', 'text'],
] as const;
const names = COLUMNS.map(([c]) => c).join(', ');
const arrays = COLUMNS.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ');

/**
 * A whole batch in one statement: the clicks inserted and the links' counters raised together, so
 * `clicks` always equals the stored rows. Both join the live links: a click of a link deleted while it
 * waited is dropped instead of failing the batch. The text never changes (one array per column), so it
 * is a named prepared statement, parsed once per connection.
 */
const WRITE = `
with batch as (select * from unnest(${arrays}) as b(${names})),
inserted as (
  insert into short_link_clicks (${names})
  select ${COLUMNS.map(([c]) => `b.${c}`).join(', ')} from batch b join short_links l on l.id = b.link_id
),
counts as (select link_id, count(*)::bigint as n from batch group by link_id)
update short_links l set clicks = l.clicks + c.n from counts c where l.id = c.link_id
returning l.id, l.clicks`;

export class ClicksRepository {
  constructor(private readonly db: Executor) {}

  /** Stores the batch; answers each touched link's click count after it. */
  async write(batch: ClickRow[]): Promise<{ id: number; clicks: number }[]> {
    const rows = await this.db.query<{ id: string | number; clicks: string | number }>(
      WRITE,
      [
        batch.map((c) => c.linkId),
        batch.map((c) => c.ts),
        batch.map((c) => c.country),
        batch.map((c) => c.province),
        batch.map((c) => c.city),
        batch.map((c) => c.refCategory),
        batch.map((c) => c.refDomain),
        batch.map((c) => c.browser),
        batch.map((c) => c.os),
        batch.map((c) => c.device),
      ],
      'short_link_clicks_write',
    );
    return rows.map((r) => ({ id: Number(r.id), clicks: Number(r.clicks) }));
  }
}
