import type { Database } from '../../db/client.js';

/** The span of raw events a report reads: a site, its custom events, [start, end). */
export interface EventSpan {
  siteId: number;
  start: Date;
  end: Date;
}

export interface EventCounts {
  count: number;
  visitors: number;
}

/** Custom events of a span: `type = 'ev'`, read through the events key (site, ts). */
const SPAN = `site_id = $1 and ts >= $2 and ts < $3 and type = 'ev'`;
const spanParams = (s: EventSpan) => [s.siteId, s.start.toISOString(), s.end.toISOString()];
const COUNTS = 'count(*)::float8 as count, count(distinct visitor)::float8 as visitors';

const counts = (r: Record<string, unknown> | undefined): EventCounts => ({
  count: Number(r?.count ?? 0),
  visitors: Number(r?.visitors ?? 0),
});

/**
 * Report reads of custom events from the raw `events` table (rollups keep no events): names, one
 * name's days and its properties. Properties are whatever JSON object the client sent; a value that
 * is not an object contributes no properties.
 */
export class EventsReportRepository {
  constructor(private readonly db: Database) {}

  async totals(span: EventSpan): Promise<EventCounts> {
    const [row] = await this.db.query<Record<string, unknown>>(
      `select ${COUNTS} from events where ${SPAN}`,
      spanParams(span),
    );
    return counts(row);
  }

  /** Event names by count, paged; `total` counts names. */
  async names(
    span: EventSpan,
    page: { limit: number; offset: number },
  ): Promise<{ rows: (EventCounts & { name: string })[]; total: number }> {
    const rows = await this.db.query<Record<string, unknown>>(
      `select coalesce(name, '') as name, ${COUNTS}, count(*) over ()::int as total
         from events where ${SPAN} group by 1
        order by count(*) desc, coalesce(name, '') collate "C" limit $4 offset $5`,
      [...spanParams(span), page.limit, page.offset],
    );
    let total = Number(rows[0]?.total ?? 0);
    if (rows.length === 0 && page.offset > 0) {
      const [n] = await this.db.query<{ n: number }>(
        `select count(distinct coalesce(name, ''))::int as n from events where ${SPAN}`,
        spanParams(span),
      );
      total = Number(n?.n ?? 0);
    }
    return { rows: rows.map((r) => ({ name: String(r.name), ...counts(r) })), total };
  }

  /** One event's count and visitors per local day of `timezone` (days without it are left out). */
  async days(span: EventSpan, name: string, timezone: string): Promise<Map<string, EventCounts>> {
    const rows = await this.db.query<Record<string, unknown>>(
      `select to_char((ts at time zone $5)::date, 'YYYY-MM-DD') as day, ${COUNTS}
         from events where ${SPAN} and coalesce(name, '') = $4 group by 1`,
      [...spanParams(span), name, timezone],
    );
    return new Map(rows.map((r) => [String(r.day), counts(r)]));
  }

  /** One event's property values, most frequent first. */
  async props(
    span: EventSpan,
    name: string,
    limit: number,
  ): Promise<(EventCounts & { key: string; value: string })[]> {
    const rows = await this.db.query<Record<string, unknown>>(
      `select p.key, p.value, count(*)::float8 as count, count(distinct e.visitor)::float8 as visitors
         from (select visitor, props from events where ${SPAN} and coalesce(name, '') = $4 offset 0) e
        cross join lateral jsonb_each_text(case when jsonb_typeof(e.props) = 'object' then e.props else '{}'::jsonb end) p
        group by 1, 2
        order by 3 desc, p.key collate "C", p.value collate "C" limit $5`,
      [...spanParams(span), name, limit],
    );
    return rows.map((r) => ({ key: String(r.key), value: String(r.value ?? ''), ...counts(r) }));
  }
}
