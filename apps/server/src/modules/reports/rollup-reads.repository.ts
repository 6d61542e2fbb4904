import type { Database } from '../../db/client.js';
import { PAGE_SUM_KEYS, type PageSums, SUM_KEYS, sumsOf } from './metrics.js';

/** Sums of every additive rollup column (float8, so both drivers hand back numbers). */
const SUMS = PAGE_SUM_KEYS.map((k) => `sum(${k})::float8 as ${k}`).join(', ');
/** The site-level columns of one rollup row, as numbers. */
const ROW_SUMS = SUM_KEYS.map((k) => `${k}::float8 as ${k}`).join(', ');

export const DAILY_COLUMNS = `site_id, day, dim, key, ${PAGE_SUM_KEYS.join(', ')}`;

/** `rollup_daily_ip` as rows of the `ip` dimension: an address counts 1 address a day, no entries or exits. */
export const IP_AS_DAILY = `select site_id, day, 'ip'::text as dim, ip as key, pv, uv, 1 as ip, visits, new_visitors,
                            bounces, duration_ms, 0 as entries, 0 as exits from rollup_daily_ip`;

/**
 * Which of a dimension's daily rows a table reads: all of them, or (over periods longer than
 * EXACT_TABLE_DAYS) only each day's top keys, through the tables' partial indexes on `top`. Imported
 * days count whole either way: an import brings aggregates, already the export's own top lists.
 */
export type RowSet = 'all' | 'top';

/**
 * The daily rows a report reads: the rollups (the `ip` dimension from its own table), plus what imports
 * brought as daily aggregates (`imported_daily`, e.g. a Plausible export), under the same condition. Each
 * is read through its key; for any other dimension the addresses' branch is a constant false filter the
 * planner drops, and for `ip` the condition on `key` reaches the address column.
 */
const daily = (where: string, set: RowSet = 'all') => {
  const top = set === 'top' ? ' and top' : '';
  return `(select ${DAILY_COLUMNS} from rollup_daily where ${where}${top}
    union all select ${DAILY_COLUMNS} from imported_daily where ${where}
    union all select ${DAILY_COLUMNS} from (${IP_AS_DAILY} where true${top}) a where ${where})`;
};

/** Sort keys of the contracts → SQL over the grouped sums; rates sort by their exact ratio. */
const ORDER: Record<string, string> = {
  // Byte order, the same on every server whatever its default collation.
  key: 'key collate "C"',
  pv: 'pv',
  uv: 'uv',
  ip: 'ip',
  visits: 'visits',
  new_visitors: 'new_visitors',
  entries: 'entries',
  exits: 'exits',
  bounce_rate: 'bounces / nullif(visits, 0)',
  avg_duration: 'duration_ms / nullif(visits, 0)',
  exit_rate: 'exits / nullif(pv, 0)',
  avg_time: 'duration_ms / nullif(pv, 0)',
};

export function orderBy(sort: string): string {
  const desc = sort.startsWith('-');
  const expr = ORDER[desc ? sort.slice(1) : sort];
  if (!expr) throw new Error(`unknown sort ${sort}`);
  return `${expr} ${desc ? 'desc' : 'asc'} nulls last, key collate "C" asc`;
}

export interface KeyRow extends PageSums {
  key: string;
  lastDay: string;
}

export interface DayRow extends PageSums {
  siteId: number;
  /** Local date, or the UTC hour (ISO) of hourly rows. */
  at: string;
}

const toKeyRow = (r: Record<string, unknown>): KeyRow => ({
  key: String(r.key),
  lastDay: String(r.last_day),
  ...sumsOf(r),
});

const toDayRow = (r: Record<string, unknown>): DayRow => ({
  siteId: Number(r.site_id),
  at: r.at instanceof Date ? r.at.toISOString() : String(r.at),
  ...sumsOf(r),
});

/** Report reads of the rollup tables: every figure over whole days or hours comes from here. */
export class RollupReadsRepository {
  constructor(private readonly db: Database) {}

  /**
   * One dimension over local dates from..to (of the row set `set`), grouped by key, sorted and paged;
   * `total` counts keys.
   */
  async keys(
    siteId: number,
    dim: string,
    from: string,
    to: string,
    page: { sort: string; limit: number; offset: number },
    set: RowSet = 'all',
  ): Promise<{ rows: KeyRow[]; total: number }> {
    const grouped = `select key, ${SUMS}, to_char(max(day), 'YYYY-MM-DD') as last_day
                       from ${daily('site_id = $1 and dim = $2 and day between $3::date and $4::date', set)} d
                      group by key`;
    const rows = await this.db.query<Record<string, unknown>>(
      `select g.*, count(*) over ()::int as total from (${grouped}) g
        order by ${orderBy(page.sort)} limit $5 offset $6`,
      [siteId, dim, from, to, page.limit, page.offset],
    );
    let total = Number(rows[0]?.total ?? 0);
    if (rows.length === 0 && page.offset > 0) {
      const [count] = await this.db.query<{ n: number }>(`select count(*)::int as n from (${grouped}) g`, [
        siteId,
        dim,
        from,
        to,
      ]);
      total = Number(count?.n ?? 0);
    }
    return { rows: rows.map(toKeyRow), total };
  }

  /** Chosen keys of a dimension over local dates from..to (the previous period of a page of rows). */
  async someKeys(
    siteId: number,
    dim: string,
    from: string,
    to: string,
    keys: string[],
    set: RowSet = 'all',
  ): Promise<KeyRow[]> {
    if (keys.length === 0) return [];
    const rows = await this.db.query<Record<string, unknown>>(
      `select key, ${SUMS}, to_char(max(day), 'YYYY-MM-DD') as last_day
         from ${daily('site_id = $1 and dim = $2 and day between $3::date and $4::date and key = any($5::text[])', set)} d
        group by key`,
      [siteId, dim, from, to, keys],
    );
    return rows.map(toKeyRow);
  }

  /** Daily site totals of several sites, each over its own local dates (`ranges`: site, from, to). */
  async siteDays(ranges: { siteId: number; from: string; to: string }[]): Promise<DayRow[]> {
    if (ranges.length === 0) return [];
    // Per range through the key; `offset 0` stops the planner turning it into a scan of the whole table.
    const rows = await this.db.query<Record<string, unknown>>(
      `select r.site_id, to_char(d.day, 'YYYY-MM-DD') as at, ${ROW_SUMS}
         from unnest($1::bigint[], $2::date[], $3::date[]) as r(site_id, f, t)
        cross join lateral (select day, ${SUMS}
                              from ${daily("site_id = r.site_id and dim = 'site' and key = '' and day between r.f and r.t")} u
                             group by day offset 0) d`,
      [ranges.map((r) => r.siteId), ranges.map((r) => r.from), ranges.map((r) => r.to)],
    );
    return rows.map(toDayRow);
  }

  /** Visits of one key of a dimension over local dates from..to. */
  async visitsOf(siteId: number, dim: string, key: string, from: string, to: string): Promise<number> {
    const [row] = await this.db.query<{ n: number }>(
      `select coalesce(sum(visits), 0)::float8 as n
         from ${daily('site_id = $1 and dim = $2 and day between $3::date and $4::date and key = $5')} d`,
      [siteId, dim, from, to, key],
    );
    return Number(row?.n ?? 0);
  }

  /** Hourly site totals of several sites, each over its own UTC bounds [start, end). */
  async siteHours(ranges: { siteId: number; start: Date; end: Date }[]): Promise<DayRow[]> {
    if (ranges.length === 0) return [];
    const rows = await this.db.query<Record<string, unknown>>(
      `select r.site_id, h.hour as at, ${ROW_SUMS}
         from unnest($1::bigint[], $2::timestamptz[], $3::timestamptz[]) as r(site_id, s, e)
        cross join lateral (select * from rollup_hourly where site_id = r.site_id and hour >= r.s and hour < r.e offset 0) h`,
      [
        ranges.map((r) => r.siteId),
        ranges.map((r) => r.start.toISOString()),
        ranges.map((r) => r.end.toISOString()),
      ],
    );
    return rows.map(toDayRow);
  }
}
