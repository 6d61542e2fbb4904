import { TOP_PER_DAY, topRankedBy } from '@tally/contracts';
import type { Database } from '../../db/client.js';
import { IP_AS_DAILY, MONTHS_SETTLED_BEFORE } from '../../db/schema/analytics.js';
import { countDistinctHashes } from '../../lib/key-hashes.js';
import { PAGE_SUM_KEYS, type PageSums, SUM_KEYS, sumsOf } from './metrics.js';

/** Sums of every additive rollup column (float8, so both drivers hand back numbers). */
const SUMS = PAGE_SUM_KEYS.map((k) => `sum(${k})::float8 as ${k}`).join(', ');
/** The site-level columns of one rollup row, as numbers. */
const ROW_SUMS = SUM_KEYS.map((k) => `${k}::float8 as ${k}`).join(', ');

export const DAILY_COLUMNS = `site_id, day, dim, key, ${PAGE_SUM_KEYS.join(', ')}`;

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
 * planner drops, and for `ip` the condition on `key` reaches the address column. `columns`: what the
 * read uses of them (fewer columns, less to carry; the key alone comes from the primary key's index).
 */
const daily = (where: string, columns = DAILY_COLUMNS) =>
  `(select ${columns} from rollup_daily where ${where}
    union all select ${columns} from imported_daily where ${where}
    union all select ${columns} from (${IP_AS_DAILY}) a where ${where})`;

/** The first day of the first whole local month of the period $3..$4. */
const WHOLE_FROM = `(date_trunc('month', $3::date - 1) + interval '1 month')::date`;
/** The day after the period's last whole month that is settled (MONTHS_SETTLED_BEFORE). */
const WHOLE_TO = `least(date_trunc('month', $4::date + 1)::date, ${MONTHS_SETTLED_BEFORE})`;

/**
 * The top rows of the period $3..$4 (the `top` row set; `where`: the conditions besides the period):
 * its whole settled months from the monthly top rows (`rollup_monthly_top`: a key's top days of the month
 * added up, its last top day as `day`), the days before and after them from the daily top rows, and
 * imported days whole. A year is then a dozen months' keys and a month of days, not 365 days of a hundred.
 */
const topDaily = (where: string, columns = DAILY_COLUMNS) => {
  const ends = [
    `day between $3::date and least($4::date, ${WHOLE_FROM} - 1)`,
    `day between greatest($3::date, ${WHOLE_FROM}, ${WHOLE_TO}) and $4::date`,
  ];
  const monthly = columns
    .split(', ')
    .map((c) => (c === 'day' ? 'last_day as day' : c))
    .join(', ');
  return `(${ends.map((end) => `select ${columns} from rollup_daily where ${where} and top and ${end}`).join('\n    union all ')}
    union all ${ends.map((end) => `select ${columns} from (${IP_AS_DAILY} where top) a where ${where} and ${end}`).join('\n    union all ')}
    union all select ${monthly} from rollup_monthly_top where ${where} and month >= ${WHOLE_FROM} and month < ${WHOLE_TO}
    union all select ${columns} from imported_daily where ${where} and day between $3::date and $4::date)`;
};

/** The rows of row set `set` of the period $3..$4 (`where`: the conditions besides the period). */
const periodRows = (set: RowSet, where: string, columns = DAILY_COLUMNS) =>
  set === 'top' ? topDaily(where, columns) : daily(`${where} and day between $3::date and $4::date`, columns);

/**
 * Sort keys of the contracts → SQL over the grouped sums, and the sums it reads (all a ranking pass
 * groups); rates sort by their exact ratio.
 */
const ORDER: Record<string, { expr: string; sums: readonly (typeof PAGE_SUM_KEYS)[number][] }> = {
  // Byte order, the same on every server whatever its default collation.
  key: { expr: 'key collate "C"', sums: [] },
  pv: { expr: 'pv', sums: ['pv'] },
  uv: { expr: 'uv', sums: ['uv'] },
  ip: { expr: 'ip', sums: ['ip'] },
  visits: { expr: 'visits', sums: ['visits'] },
  new_visitors: { expr: 'new_visitors', sums: ['new_visitors'] },
  entries: { expr: 'entries', sums: ['entries'] },
  exits: { expr: 'exits', sums: ['exits'] },
  bounce_rate: { expr: 'bounces / nullif(visits, 0)', sums: ['bounces', 'visits'] },
  avg_duration: { expr: 'duration_ms / nullif(visits, 0)', sums: ['duration_ms', 'visits'] },
  exit_rate: { expr: 'exits / nullif(pv, 0)', sums: ['exits', 'pv'] },
  avg_time: { expr: 'duration_ms / nullif(pv, 0)', sums: ['duration_ms', 'pv'] },
};

/** The ORDER BY of a contract's sort (`-` for descending), ties in byte order of the key. */
function ordering(sort: string): { sql: string; sums: readonly string[] } {
  const desc = sort.startsWith('-');
  const order = ORDER[desc ? sort.slice(1) : sort];
  if (!order) throw new Error(`unknown sort ${sort}`);
  return { sql: `${order.expr} ${desc ? 'desc' : 'asc'} nulls last, key collate "C" asc`, sums: order.sums };
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

/** Keys in byte order, as `collate "C"` sorts them in SQL. */
const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/** The most keys `leaders` sums exactly (one index descent each per day) before it leaves the list to a full grouping. */
const MAX_CONTENDERS = 1000;

/** A page of a table: its sort (a contract's, `-` for descending), size and start. */
interface PageSlice {
  sort: string;
  limit: number;
  offset: number;
}

/**
 * Each key of dimension $2 of site $1 over local dates $3..$4 (of the row set `set`) with the sums
 * `sums`, and its last day when `lastDay`.
 */
const groupedKeys = (set: RowSet, sums: readonly string[], lastDay = false) =>
  `select key${sums.map((k) => `, sum(${k})::float8 as ${k}`).join('')}
          ${lastDay ? ", to_char(max(day), 'YYYY-MM-DD') as last_day" : ''}
     from ${periodRows(set, 'site_id = $1 and dim = $2', ['key', ...(lastDay ? ['day'] : []), ...sums].join(', '))} d
    group by key`;

/**
 * The rows `rows` reads, each beside whether imports add rows of dimension $2 of site $1 over local dates
 * $3..$4 (`imported`); one row of nulls where `rows` reads none.
 */
const besideImports = (rows: string) =>
  `select i.imported, t.*
     from (select exists (select 1 from imported_daily
                           where site_id = $1 and dim = $2 and day between $3::date and $4::date) as imported) i
     left join (${rows}) t on true`;

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
   * `total` counts keys. A first page in the order the days rank keys by comes from the days' top rows
   * where those prove it (`proven`), and the total from counting the keys alone; any other page is
   * ranked over every key (`ranked`).
   */
  async keys(
    siteId: number,
    dim: string,
    from: string,
    to: string,
    page: PageSlice,
    set: RowSet = 'all',
  ): Promise<{ rows: KeyRow[]; total: number }> {
    const proven = await this.proven(siteId, dim, from, to, page.sort, page.offset + page.limit, set);
    if (proven)
      return { rows: proven.slice(page.offset), total: await this.countKeys(siteId, dim, from, to, set) };
    return this.ranked(siteId, dim, from, to, page, set);
  }

  /**
   * The first `limit` keys of a dimension by the metric its days rank keys by (topRankedBy), with no
   * total (the overview's lists): proven from the days' top rows, or else ranked over every key.
   */
  async firstKeys(
    siteId: number,
    dim: string,
    from: string,
    to: string,
    limit: number,
    set: RowSet = 'all',
  ): Promise<KeyRow[]> {
    const sort = `-${topRankedBy(dim)}`;
    const proven = await this.proven(siteId, dim, from, to, sort, limit, set);
    return proven ?? (await this.ranked(siteId, dim, from, to, { sort, limit, offset: 0 }, set)).rows;
  }

  /**
   * The first `depth` keys in the order `sort` where the days' top rows can prove them (leaders): every
   * row of the period, in the order the days rank keys by, no deeper than a day's top (each day's top
   * proves at most itself); else null.
   */
  private proven(
    siteId: number,
    dim: string,
    from: string,
    to: string,
    sort: string,
    depth: number,
    set: RowSet,
  ) {
    if (set !== 'all' || sort !== `-${topRankedBy(dim)}` || depth > TOP_PER_DAY) return null;
    return this.leaders(siteId, dim, from, to, depth);
  }

  /**
   * A page ranked over every key of the row set. Every row: two passes, the ranking groups every key of
   * the period but sums only what the sort reads (a month of the IP dimension is hundreds of thousands of
   * keys, nearly one per row), then the page's keys are summed whole through the key (someKeys). A long
   * period's top rows, a hundred a day, are summed whole in the one pass that ranks them.
   */
  private async ranked(
    siteId: number,
    dim: string,
    from: string,
    to: string,
    page: PageSlice,
    set: RowSet,
  ): Promise<{ rows: KeyRow[]; total: number }> {
    const order = ordering(page.sort);
    const whole = set === 'top';
    const ranks = await this.db.query<Record<string, unknown>>(
      `select g.*, count(*) over ()::int as total
         from (${whole ? groupedKeys(set, PAGE_SUM_KEYS, true) : groupedKeys(set, order.sums)}) g
        order by ${order.sql} limit $5 offset $6`,
      [siteId, dim, from, to, page.limit, page.offset],
    );
    const total =
      ranks.length === 0 && page.offset > 0
        ? await this.countKeys(siteId, dim, from, to, set)
        : Number(ranks[0]?.total ?? 0);
    if (whole) return { rows: ranks.map(toKeyRow), total };
    const keys = ranks.map((r) => String(r.key));
    const sums = new Map((await this.someKeys(siteId, dim, from, to, keys, set)).map((r) => [r.key, r]));
    return { rows: keys.flatMap((key) => sums.get(key) ?? []), total };
  }

  /**
   * The number of keys of a dimension over local dates from..to: from the days' sets of keys (every
   * row), or else by grouping the keys (the primary key's index answers it).
   */
  private async countKeys(siteId: number, dim: string, from: string, to: string, set: RowSet) {
    if (set === 'all') {
      const n = await this.countFromDaySets(siteId, dim, from, to);
      if (n !== null) return n;
    }
    const [row] = await this.db.query<{ n: number }>(
      `select count(*)::int as n from (${groupedKeys(set, [])}) g`,
      [siteId, dim, from, to],
    );
    return Number(row?.n ?? 0);
  }

  /**
   * The number of distinct keys in the days' sets (lib/key-hashes.ts); null where imports add rows of
   * the dimension, whose keys have no sets.
   */
  private async countFromDaySets(siteId: number, dim: string, from: string, to: string) {
    const read = await this.db.query<{ imported: boolean; hashes: Uint8Array | null }>(
      besideImports(`select hashes from rollup_day_keys
                      where site_id = $1 and dim = $2 and day between $3::date and $4::date`),
      [siteId, dim, from, to],
    );
    if (read[0]?.imported) return null;
    return countDistinctHashes(read.flatMap((r) => (r.hashes ? [r.hashes] : [])));
  }

  /**
   * Chosen keys of a dimension over local dates from..to: a page of rows, or the same keys over the
   * previous period. Every row of a period is read day by day, one index descent per key a day however
   * many keys the day has (`offset 0` keeps the planner from turning the lateral read into one scan of
   * the period's rows); the top rows of a long period, a hundred a day, in one read of their index.
   */
  async someKeys(
    siteId: number,
    dim: string,
    from: string,
    to: string,
    keys: string[],
    set: RowSet = 'all',
  ): Promise<KeyRow[]> {
    if (keys.length === 0) return [];
    const source =
      set === 'all'
        ? `generate_series($3::date::timestamp, $4::date::timestamp, interval '1 day') as p(d)
           cross join lateral (select * from ${daily('site_id = $1 and dim = $2 and day = p.d::date and key = any($5::text[])')} k
                                offset 0) d`
        : `${periodRows(set, 'site_id = $1 and dim = $2 and key = any($5::text[])')} d`;
    const rows = await this.db.query<Record<string, unknown>>(
      `select key, ${SUMS}, to_char(max(day), 'YYYY-MM-DD') as last_day from ${source} group by key`,
      [siteId, dim, from, to, keys],
    );
    return rows.map(toKeyRow);
  }

  /**
   * The first `limit` keys of a dimension over from..to by the metric its days rank keys by (topRankedBy),
   * exact, from each day's top rows and the few keys that could still be among the first, without
   * grouping every key of the period; null where those rows cannot prove the list (the caller then groups
   * every key), and where imports add rows of their own.
   *
   * A key outside a day's top rows has at most that day's lowest top value, its floor (0 when the day has
   * fewer than TOP_PER_DAY keys: all are top). So a key in no day's top totals at most the sum of the
   * floors, and one in some days' tops at most its top values plus the floors of its other days. The keys
   * whose bound reaches the limit-th largest sum of top values are summed exactly; the list stands when
   * its last key totals more than any key outside every top can.
   */
  async leaders(
    siteId: number,
    dim: string,
    from: string,
    to: string,
    limit: number,
  ): Promise<KeyRow[] | null> {
    const metric = topRankedBy(dim);
    const day = "to_char(day, 'YYYY-MM-DD') as day";
    const topRows =
      dim === 'ip'
        ? `select ${day}, ip as key, ${metric}::float8 as m from rollup_daily_ip
            where site_id = $1 and day between $3::date and $4::date and top`
        : `select ${day}, key, ${metric}::float8 as m from rollup_daily
            where site_id = $1 and dim = $2 and day between $3::date and $4::date and top`;
    const read = await this.db.query<{
      imported: boolean;
      day: string | null;
      key: string | null;
      m: unknown;
    }>(besideImports(topRows), [siteId, dim, from, to]);
    if (read[0]?.imported) return null;
    const tops = read.flatMap(({ day, key, m }) =>
      day === null || key === null ? [] : [{ day, key, m: Number(m) }],
    );
    const days = new Map<string, { rows: number; lowest: number }>();
    for (const { day, m } of tops) {
      const d = days.get(day) ?? { rows: 0, lowest: Number.POSITIVE_INFINITY };
      days.set(day, { rows: d.rows + 1, lowest: Math.min(d.lowest, m) });
    }
    const floor = (day: string) => {
      const d = days.get(day);
      return d && d.rows >= TOP_PER_DAY ? d.lowest : 0;
    };
    const outside = [...days.keys()].reduce((sum, day) => sum + floor(day), 0);
    const keys = new Map<string, { top: number; floors: number }>();
    for (const { day, key, m } of tops) {
      const k = keys.get(key) ?? { top: 0, floors: 0 };
      keys.set(key, { top: k.top + m, floors: k.floors + floor(day) });
    }
    // Days of fewer than TOP_PER_DAY keys only: every key of the period is among the rows read.
    const allRead = [...days.values()].every((d) => d.rows < TOP_PER_DAY);
    if (keys.size < limit && !allRead) return null;
    const cut = allRead ? 0 : ([...keys.values()].map((k) => k.top).sort((a, b) => b - a)[limit - 1] ?? 0);
    const contenders = [...keys].filter(([, k]) => k.top + outside - k.floors >= cut).map(([key]) => key);
    if (contenders.length > MAX_CONTENDERS) return null;
    const list = (await this.someKeys(siteId, dim, from, to, contenders))
      .sort((a, b) => b[metric] - a[metric] || byteOrder(a.key, b.key))
      .slice(0, limit);
    const last = list[limit - 1];
    return allRead || (last && last[metric] > outside) ? list : null;
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
