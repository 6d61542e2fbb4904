import type { Executor } from './client.js';

/** The raw tables kept in monthly partitions (migration 0031), each by the column its months are of. */
export const PARTITIONED = ['events', 'visits'] as const;
export type PartitionedTable = (typeof PARTITIONED)[number];

/** A month's partition: its table and the UTC month it holds (`YYYY-MM-01`). */
export interface MonthPartition {
  parent: PartitionedTable;
  name: string;
  month: string;
}

const MONTH_OF_NAME = /_p(\d{4})(\d{2})$/;

/** The UTC month (`YYYY-MM-01`) an instant falls in: the partition its rows go to. */
export const monthOf = (t: Date): string => `${t.toISOString().slice(0, 7)}-01`;

/**
 * The monthly partitions of the raw tables. Partitions are made by the database's own
 * `tally_month_partitions()` (the migration's), which also moves their month's rows out of the default
 * partitions, so the migration, collect, imports and the retention job share one definition and one
 * lock.
 */
export class MonthPartitions {
  constructor(private readonly db: Pick<Executor, 'query'>) {}

  /** Makes the partitions of `months` (`YYYY-MM-DD`, any day of the month) that are missing. */
  async ensure(months: string[]): Promise<number> {
    const [row] = await this.db.query<{ made: number }>(
      'select coalesce(sum(tally_month_partitions(m)), 0)::int as made from unnest($1::date[]) as m',
      [months],
    );
    return Number(row?.made ?? 0);
  }

  /** The months of the rows waiting in a default partition (imported history, a restore, a long outage). */
  async strayMonths(): Promise<string[]> {
    const rows = await this.db.query<{ month: string }>(
      `select to_char(m, 'YYYY-MM-DD') as month from (
         select date_trunc('month', ts at time zone 'UTC') as m from events_default
         union select date_trunc('month', started_at at time zone 'UTC') from visits_default) s
        order by 1`,
    );
    return rows.map((r) => r.month);
  }

  /** Every month partition of the raw tables, oldest first. */
  async list(): Promise<MonthPartition[]> {
    const rows = await this.db.query<{ parent: PartitionedTable; name: string }>(
      `select p.relname as parent, c.relname as name
         from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
        where p.relname = any($1::text[]) and p.relnamespace = c.relnamespace
          and c.relnamespace = to_regnamespace(current_schema())::oid
        order by c.relname`,
      [[...PARTITIONED]],
    );
    return rows.flatMap((r) => {
      const m = MONTH_OF_NAME.exec(r.name);
      return m ? [{ parent: r.parent, name: r.name, month: `${m[1]}-${m[2]}-01` }] : [];
    });
  }

  /** Drops a month's partition: its rows and its disk go at once. */
  async drop(partition: MonthPartition): Promise<void> {
    // The name comes from the catalog and matched MONTH_OF_NAME: letters, digits and underscores only.
    await this.db.query(`drop table if exists "${partition.name}"`);
  }
}
