import type { Database } from '../../db/client.js';
import { emptyRegisters, estimate, mergeInto } from '../../lib/hll.js';
import { addDays } from '../../lib/local-time.js';

/** The first day of the month after `month` (`YYYY-MM-01`). */
const nextMonth = (month: string): string => {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y!, m!, 1)).toISOString().slice(0, 10);
};

/** The local months wholly inside from..to (`YYYY-MM-01` each). */
export function wholeMonths(from: string, to: string): string[] {
  const months: string[] = [];
  let month = from.endsWith('-01') ? from.slice(0, 10) : nextMonth(`${from.slice(0, 7)}-01`);
  while (addDays(nextMonth(month), -1) <= to) {
    months.push(month);
    month = nextMonth(month);
  }
  return months;
}

const bytesOf = (v: unknown): Uint8Array => v as Uint8Array;

/**
 * The address sketches (lib/hll.ts): one per site and local day, written by the daily recount, and one
 * per whole month, merged from its days when a report first needs it and again whenever one of its days
 * was recounted since (the month row keeps how many day sketches it merged and their highest version).
 * A long period reads its whole months' sketches and its other days' (at most about two months').
 */
export class IpSketchesRepository {
  constructor(private readonly db: Database) {}

  /** Distinct addresses of the site over local dates from..to, estimated. */
  async addresses(siteId: number, from: string, to: string): Promise<number> {
    const months = wholeMonths(from, to);
    const registers = emptyRegisters();
    for (const sketch of await this.monthSketches(siteId, months)) mergeInto(registers, sketch);
    // The days outside the whole months (before the first, after the last; with none, every day), in one read.
    const [first, after] = months.length === 0 ? [to, to] : [months[0]!, nextMonth(months.at(-1)!)];
    const days = await this.db.query<{ sketch: unknown }>(
      `select sketch from rollup_ip_days
        where site_id = $1 and day between $2::date and $3::date and (day < $4::date or day >= $5::date)`,
      [siteId, from, to, first, after],
    );
    for (const day of days) mergeInto(registers, bytesOf(day.sketch));
    return Math.round(estimate(registers));
  }

  /** The merged sketch of each month (none for a month without days), made afresh where stale. */
  private async monthSketches(siteId: number, months: string[]): Promise<Uint8Array[]> {
    if (months.length === 0) return [];
    const rows = await this.db.query<{ month: string; days: number; sketch: unknown }>(
      `select to_char(m.month, 'YYYY-MM-DD') as month, c.days,
              case when r.days = c.days and r.version = c.version then r.sketch end as sketch
         from unnest($2::date[]) as m(month)
        cross join lateral (select count(*)::int as days, coalesce(max(version), 0) as version
                              from rollup_ip_days
                             where site_id = $1 and day >= m.month and day < (m.month + interval '1 month')::date) c
         left join rollup_ip_months r on r.site_id = $1 and r.month = m.month`,
      [siteId, months],
    );
    const sketches: Uint8Array[] = [];
    for (const row of rows) {
      if (row.days === 0) continue;
      sketches.push(row.sketch ? bytesOf(row.sketch) : await this.remakeMonth(siteId, row.month));
    }
    return sketches;
  }

  /**
   * Merges a month's day sketches and keeps the result with the count and highest version of what it
   * merged, read together: a day recounted meanwhile leaves the month stale for the next read to remake.
   */
  private async remakeMonth(siteId: number, month: string): Promise<Uint8Array> {
    const days = await this.db.query<{ sketch: unknown; version: number | string }>(
      `select sketch, version from rollup_ip_days
        where site_id = $1 and day >= $2::date and day < ($2::date + interval '1 month')::date`,
      [siteId, month],
    );
    const registers = emptyRegisters();
    for (const day of days) mergeInto(registers, bytesOf(day.sketch));
    const version = Math.max(...days.map((d) => Number(d.version)));
    await this.db.query(
      `insert into rollup_ip_months (site_id, month, days, version, sketch) values ($1, $2, $3, $4, $5)
       on conflict (site_id, month) do update
         set days = excluded.days, version = excluded.version, sketch = excluded.sketch`,
      [siteId, month, days.length, version, registers],
    );
    return registers;
  }
}
