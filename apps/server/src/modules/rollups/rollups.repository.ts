import type { Database } from '../../db/client.js';
import { RECOUNT_SQL } from './rollups.sql.js';

export class RollupsRepository {
  constructor(private readonly db: Database) {}

  /** Recounts up to `limit` dirty hours (and their days); returns how many marks it cleared. */
  async recountDirty(limit: number): Promise<number> {
    const [row] = await this.db.query<{ claimed: number }>(RECOUNT_SQL, [limit]);
    return Number(row?.claimed ?? 0);
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

  async dirtyCount(): Promise<number> {
    const [row] = await this.db.query<{ n: number }>('select count(*)::int as n from rollup_dirty');
    return Number(row?.n ?? 0);
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

  /** Everything recorded for deleted sites. */
  async purgeSites(siteIds: number[]): Promise<void> {
    for (const table of ['events', 'visits', 'rollup_hourly', 'rollup_daily', 'rollup_dirty']) {
      await this.db.query(`delete from ${table} where site_id = any($1::bigint[])`, [siteIds]);
    }
  }
}
