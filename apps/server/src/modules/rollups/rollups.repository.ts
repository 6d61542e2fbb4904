import { availableParallelism } from 'node:os';
import type { Executor } from '../../db/client.js';
import {
  CLAIM_DAYS_SQL,
  CLEAR_DAYS_SQL,
  DAILY_DIMS,
  DAY_STATE_SQL,
  DIRTY_COUNT_SQL,
  dailyRecountSql,
  HOURLY_SQL,
  MARK_RANGE_SQL,
  MONTHLY_SQL,
  UNLEASE_DAYS_SQL,
} from './rollups.sql.js';

/**
 * The daily recount's statements: every dimension in one (each raw row read once), or one dimension a
 * statement. PostgreSQL always takes the first. On PGlite each statement holds the one connection
 * collect commits on, so days of more than PIECES_ABOVE page views together are recounted a dimension
 * at a time (a day of 211,000 page views took 17–23 s in one statement there, about half a second per
 * 5,000 page views).
 */
const WHOLE = [dailyRecountSql(DAILY_DIMS)];
const BY_DIMENSION = DAILY_DIMS.map((dim) => dailyRecountSql([dim]));
export const PIECES_ABOVE = 5_000;

export class RollupsRepository {
  /** `piecesAbove`: page views over which PGlite recounts days a dimension a statement. */
  constructor(
    private readonly db: Executor,
    private readonly piecesAbove = PIECES_ABOVE,
  ) {}

  /**
   * How many day recounts an operator's range recount runs at once: PGlite has one connection; on
   * PostgreSQL one per core, up to four of the pool's ten (each statement runs on one core: writes are
   * never planned in parallel).
   */
  get dayWorkers(): number {
    return this.db.kind === 'pglite' ? 1 : Math.min(4, availableParallelism());
  }

  /** The same statements on a transaction's connection. */
  in(tx: Executor): RollupsRepository {
    return new RollupsRepository(tx, this.piecesAbove);
  }

  /**
   * Takes up to `limit` dirty marks, recounts their hours and marks their days; returns how many marks
   * it took (fewer than `limit`: none are left) and how many distinct hours it recounted.
   */
  async recountHours(limit: number): Promise<{ marks: number; hours: number }> {
    const [row] = await this.db.query<{ marks: number; hours: number }>(HOURLY_SQL, [limit]);
    return { marks: Number(row?.marks ?? 0), hours: Number(row?.hours ?? 0) };
  }

  /**
   * Recounts up to `limit` due days and records their cost; returns how many days it cleared. `all`:
   * every dirty day is due, however recently it was recounted. `between`: awaited after each of the
   * daily statements but the last with how long it took (the job yields PGlite's connection there).
   * `alone`: nothing else waits for the connection (the command line's range recount: on PGlite its
   * process has the database to itself), so busy days too are recounted in one statement each slice.
   */
  async recountDays(
    limit: number,
    all = false,
    between?: (ms: number) => Promise<void>,
    alone = false,
  ): Promise<number> {
    const claimed = await this.db.query<{
      site_id: number | string;
      day: string;
      version: number;
      pv: number | string;
    }>(CLAIM_DAYS_SQL, [limit, all]);
    if (claimed.length === 0) return 0;
    const siteIds = claimed.map((d) => Number(d.site_id));
    const days = claimed.map((d) => d.day);
    const pageViews = claimed.reduce((n, d) => n + Number(d.pv), 0);
    const statements =
      this.db.kind === 'pglite' && !alone && pageViews > this.piecesAbove ? BY_DIMENSION : WHOLE;
    let spent = 0;
    try {
      for (const [i, sql] of statements.entries()) {
        const started = performance.now();
        await this.db.query(sql, [siteIds, days]);
        const ms = performance.now() - started;
        spent += ms;
        if (between && i < statements.length - 1) await between(ms);
      }
      await this.db.query(CLEAR_DAYS_SQL, [siteIds, days, claimed.map((d) => Number(d.version))]);
    } finally {
      // Marks renewed meanwhile, or every mark after a failure, wait for the next run unleased.
      await this.db.query(UNLEASE_DAYS_SQL, [siteIds, days]);
    }
    await this.db.query(DAY_STATE_SQL, [siteIds, days, Math.round(spent / claimed.length)]);
    return claimed.length;
  }

  /** Counts up to `limit` settled months' top rows afresh (MONTHLY_SQL); returns how many it claimed. */
  async recountMonths(limit: number): Promise<number> {
    const [row] = await this.db.query<{ months: number }>(MONTHLY_SQL, [limit]);
    return Number(row?.months ?? 0);
  }

  /** Marks every hour of a local date range with data dirty (all sites, or `siteIds`); how many. */
  async markRange(from: string, to: string, siteIds: number[] | null): Promise<number> {
    const [row] = await this.db.query<{ hours: number }>(MARK_RANGE_SQL, [from, to, siteIds]);
    return Number(row?.hours ?? 0);
  }

  /** Dirty marks left: hour marks (one hour may hold several) and local days. */
  async dirtyCounts(): Promise<{ hourMarks: number; days: number }> {
    const [row] = await this.db.query<{ hour_marks: number; days: number }>(DIRTY_COUNT_SQL);
    return { hourMarks: Number(row?.hour_marks ?? 0), days: Number(row?.days ?? 0) };
  }

  /** Daily site totals (`dim = 'site'`) of some sites on some local days. */
  async siteDays(
    siteIds: number[],
    days: string[],
  ): Promise<{ siteId: number; day: string; pv: number; uv: number; ip: number }[]> {
    if (siteIds.length === 0) return [];
    const rows = await this.db.query<Record<string, unknown>>(
      `select site_id, to_char(day, 'YYYY-MM-DD') as day, pv, uv, ip from rollup_daily
        where dim = 'site' and key = '' and site_id = any($1::bigint[]) and day = any($2::date[])`,
      [siteIds, days],
    );
    return rows.map((r) => ({
      siteId: Number(r.site_id),
      day: String(r.day),
      pv: Number(r.pv),
      uv: Number(r.uv),
      ip: Number(r.ip),
    }));
  }

  /** Raw events and visits older than the retention; rollups stay. */
  async deleteRawBefore(cutoff: Date): Promise<void> {
    await this.db.query('delete from events where ts < $1', [cutoff.toISOString()]);
    await this.db.query('delete from visits where last_at < $1', [cutoff.toISOString()]);
  }

  /** Salts of days that are over: without them old cookieless hashes cannot be recomputed. */
  async deleteSaltsBefore(day: string): Promise<void> {
    await this.db.query('delete from visitor_salts where day < $1::date', [day]);
  }

  /** Pacing records of days long over (a late hit for such a day is simply recounted at once). */
  async deleteDayStateBefore(day: string): Promise<void> {
    await this.db.query('delete from rollup_day_state where day < $1::date', [day]);
  }

  /** Everything recorded for deleted sites. */
  async purgeSites(siteIds: number[]): Promise<void> {
    const tables = [
      'events',
      'visits',
      'rollup_hourly',
      'rollup_daily',
      'rollup_daily_ip',
      'rollup_ip_days',
      'rollup_ip_months',
      'rollup_day_keys',
      'rollup_monthly_top',
      'rollup_dirty_months',
      'rollup_dirty',
      'rollup_dirty_days',
      'rollup_day_state',
    ];
    for (const table of tables) {
      await this.db.query(`delete from ${table} where site_id = any($1::bigint[])`, [siteIds]);
    }
  }
}
