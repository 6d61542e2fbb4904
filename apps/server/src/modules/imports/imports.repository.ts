import type { Executor } from '../../db/client.js';
import { MonthPartitions, monthOf } from '../../db/month-partitions.js';
import {
  allocateVisitIds,
  arraysOf,
  type Column,
  columnNames,
  copyText,
  eventColumns,
  unnestArgs,
  VISIT_COLUMNS,
  VISIT_TOTALS,
} from '../../db/raw-columns.js';
import type { ImportRow } from '../../db/schema/index.js';
import type { DailyRow } from './formats/plausible.js';
import type { ChunkPlan, OpenVisit } from './sessions.js';

type Row = Record<string, unknown>;

const toImport = (r: Row): ImportRow => ({
  id: Number(r.id),
  siteId: Number(r.site_id),
  userId: r.user_id === null ? null : Number(r.user_id),
  kind: String(r.kind),
  fileName: String(r.file_name),
  fileHash: String(r.file_hash),
  bytes: Number(r.bytes),
  status: String(r.status),
  rowsTotal: Number(r.rows_total),
  rowsDone: Number(r.rows_done),
  rowsWritten: Number(r.rows_written),
  rowsSkipped: Number(r.rows_skipped),
  rowLimit: r.row_limit === null || r.row_limit === undefined ? null : Number(r.row_limit),
  errorCount: Number(r.error_count),
  errors: (typeof r.errors === 'string' ? JSON.parse(r.errors) : r.errors) as unknown,
  failure: (r.failure as string | null) ?? null,
  minTs: r.min_ts ? new Date(r.min_ts as string) : null,
  maxTs: r.max_ts ? new Date(r.max_ts as string) : null,
  createdAt: new Date(r.created_at as string),
  updatedAt: new Date(r.updated_at as string),
});

const iso = (d: Date) => d.toISOString();

/** A new visit: the raw table's columns (db/raw-columns.ts) and the import that wrote it. */
const NEW_VISITS: Column<OpenVisit>[] = [...VISIT_COLUMNS, ['import_id', 'bigint', (v) => v.importId]];

type Placed = ChunkPlan['events'][number];
const NEW_EVENTS: Column<Placed>[] = [
  ...eventColumns<Placed>({
    site_id: (e) => e.visit.siteId,
    visit_id: (e) => e.visit.id,
    visitor: (e) => e.hit.visitor,
    ts: (e) => iso(e.hit.ts),
    type: (e) => e.hit.type,
    // The row's key within the import (the import itself is keyed by the file's hash).
    page_id: (e) => `i${e.hit.line}`,
    url: (e) => e.hit.url.href,
    host: (e) => e.hit.url.hostname,
    path: (e) => e.hit.path,
    title: (e) => e.hit.title,
    name: (e) => e.hit.name,
    props: (e) => e.hit.props,
    duration_ms: () => 0,
    ip: (e) => e.hit.ip,
  }),
  ['import_id', 'bigint', (e) => e.visit.importId],
];

/** PostgreSQL: the rows stream in with COPY, far cheaper than parameters for a chunk of thousands. */
const COPY_VISITS = `copy visits (${columnNames(NEW_VISITS)}) from stdin`;
const COPY_EVENTS = `copy events (${columnNames(NEW_EVENTS)}) from stdin`;
/** PGlite (no COPY from its wire): one `unnest` array per column, as the collect pipeline writes. */
const INSERT_VISITS = `insert into visits (${columnNames(NEW_VISITS)}) select * from ${unnestArgs(NEW_VISITS, 1)}`;
const INSERT_EVENTS = `insert into events (${columnNames(NEW_EVENTS)}) select * from ${unnestArgs(NEW_EVENTS, 1)}`;
/** A stored visit a later chunk continues: its totals so far (absolute values). */
const UPDATE_VISITS = `update visits v set last_at = u.last_at, pageviews = u.pageviews, events = u.events,
    duration_ms = u.duration_ms, exit_url = u.exit_url, exit_path = u.exit_path
  from ${unnestArgs(VISIT_TOTALS, 1)} as u(${columnNames(VISIT_TOTALS)})
  where v.site_id = u.site_id and v.started_at = u.started_at and v.id = u.id`;

const DAILY_COLUMNS = [
  'day',
  'dim',
  'key',
  'pv',
  'uv',
  'visits',
  'bounces',
  'duration_ms',
  'entries',
  'exits',
] as const;
const DAILY_TYPES = [
  'date',
  'text',
  'text',
  'bigint',
  'bigint',
  'bigint',
  'bigint',
  'bigint',
  'bigint',
  'bigint',
];

const MARK_HOURS =
  'insert into rollup_dirty (site_id, hour) select $1, h from unnest($2::timestamptz[]) as h';

/** A chunk's rows, ready to send: COPY text (PostgreSQL) or unnest arrays (PGlite). */
export interface ChunkWrites {
  visits?: { copy: string[] } | { arrays: unknown[][] };
  events?: { copy: string[] } | { arrays: unknown[][] };
  continued?: unknown[][];
  hours: unknown[];
  /** The UTC months of the chunk's rows (`YYYY-MM-01`): their partitions are made first. */
  months: string[];
}

export interface Progress {
  rowsDone: number;
  written: number;
  skipped: number;
  errorCount: number;
  errors: { line: number; message: string }[];
  minTs: Date | null;
  maxTs: Date | null;
}

/** The imports table, and the bulk writes and deletes of what imports hold. */
export class ImportsRepository {
  constructor(private readonly db: Executor) {}

  in(tx: Executor): ImportsRepository {
    return new ImportsRepository(tx);
  }

  /** A new import, or the one of the same file on the same site (not undone) that already exists. */
  async create(row: {
    siteId: number;
    userId: number | null;
    kind: string;
    fileName: string;
    fileHash: string;
    bytes: number;
    rowLimit: number | null;
  }): Promise<{ row: ImportRow; created: boolean }> {
    const [made] = await this.db.query<Row>(
      `insert into imports (site_id, user_id, kind, file_name, file_hash, bytes, row_limit, status)
       values ($1, $2, $3, $4, $5, $6, $7, 'queued')
       on conflict (site_id, file_hash) where status <> 'undone' do nothing returning *`,
      [row.siteId, row.userId, row.kind, row.fileName, row.fileHash, row.bytes, row.rowLimit],
    );
    if (made) return { row: toImport(made), created: true };
    const [existing] = await this.db.query<Row>(
      `select * from imports where site_id = $1 and file_hash = $2 and status <> 'undone'`,
      [row.siteId, row.fileHash],
    );
    return { row: toImport(existing!), created: false };
  }

  async get(id: number): Promise<ImportRow | undefined> {
    const [r] = await this.db.query<Row>('select * from imports where id = $1', [id]);
    return r ? toImport(r) : undefined;
  }

  async list(siteId: number): Promise<ImportRow[]> {
    const rows = await this.db.query<Row>(
      'select * from imports where site_id = $1 order by id desc limit 50',
      [siteId],
    );
    return rows.map(toImport);
  }

  /** Imports to pick up again (a worker died mid-way): queued or running, untouched for `idleSeconds`. */
  async stalled(idleSeconds: number): Promise<number[]> {
    const rows = await this.db.query<{ id: number }>(
      `select id from imports where status in ('queued', 'running')
         and updated_at < now() - $1 * interval '1 second' order by id limit 20`,
      [idleSeconds],
    );
    return rows.map((r) => Number(r.id));
  }

  async setStatus(id: number, status: string, failure: string | null = null): Promise<void> {
    await this.db.query('update imports set status = $2, failure = $3, updated_at = now() where id = $1', [
      id,
      status,
      failure,
    ]);
  }

  async setCounted(id: number, rowsTotal: number): Promise<void> {
    await this.db.query(
      `update imports set rows_total = $2, status = 'running', updated_at = now() where id = $1`,
      [id, rowsTotal],
    );
  }

  /** Rows the owner's imports hold (not undone or failed): the plan's import allowance is counted on it. */
  async rowsOfOwner(userId: number): Promise<number> {
    const [r] = await this.db.query<{ n: number }>(
      `select coalesce(sum(i.rows_written), 0)::float8 as n from imports i join sites s on s.id = i.site_id
        where s.user_id = $1 and i.status in ('queued', 'running', 'done')`,
      [userId],
    );
    return Number(r?.n ?? 0);
  }

  /** The latest stored visit of each visitor this import wrote (resuming continues them). */
  async openVisits(siteId: number, importId: number): Promise<OpenVisit[]> {
    const rows = await this.db.query<Row>(
      `select distinct on (visitor) id, visitor, started_at, last_at, to_char(local_day, 'YYYY-MM-DD') as local_day,
              is_new, pageviews, events, duration_ms, exit_url, exit_path
         from visits where site_id = $1 and import_id = $2 order by visitor, started_at desc`,
      [siteId, importId],
    );
    return rows.map((r) => ({
      id: Number(r.id),
      siteId,
      importId,
      visitor: String(r.visitor),
      startedAt: new Date(r.started_at as string),
      lastAt: new Date(r.last_at as string),
      durationMs: Number(r.duration_ms),
      localDay: String(r.local_day),
      isNew: Boolean(r.is_new),
      pageviews: Number(r.pageviews),
      events: Number(r.events),
      exitUrl: String(r.exit_url),
      exitPath: String(r.exit_path),
    }));
  }

  allocateVisitIds(n: number): Promise<number[]> {
    return allocateVisitIds(this.db, n);
  }

  /**
   * A chunk's rows with their values taken now: the visits it holds keep growing as the next chunk is
   * placed, while this one is still being written. `copy`: as COPY text, else as unnest arrays.
   */
  static chunkWrites(siteId: number, plan: ChunkPlan, copy: boolean): ChunkWrites {
    const rows = <T>(columns: Column<T>[], list: T[]) =>
      list.length === 0
        ? undefined
        : copy
          ? { copy: copyText(columns, list) }
          : { arrays: arraysOf(columns, list) };
    return {
      visits: rows(NEW_VISITS, plan.fresh),
      events: rows(NEW_EVENTS, plan.events),
      continued: plan.continued.length > 0 ? arraysOf(VISIT_TOTALS, plan.continued) : undefined,
      hours: [siteId, [...plan.hours].map((h) => iso(new Date(h * 3_600_000)))],
      months: [...new Set([...plan.hours].map((h) => monthOf(new Date(h * 3_600_000))))],
    };
  }

  /** Whether chunks go in with COPY (PostgreSQL; its transactions have `copyFrom`). */
  get copies(): boolean {
    return this.db.kind === 'postgres';
  }

  /** A chunk's visits and events, and its dirty hours for the rollup job. */
  async writeChunk(w: ChunkWrites): Promise<void> {
    // A chunk is redone from the cursor if the server loses its last commits in a crash: the cursor
    // moves in the same transaction, so waiting for the WAL flush buys nothing here.
    if (this.copies) await this.db.query('set local synchronous_commit = off');
    // History is mostly older than the partitions kept ahead; without its months it would wait in
    // the default partitions for the retention job to move it (every row written twice).
    await new MonthPartitions(this.db).ensure(w.months);
    if (w.visits) await this.rows(w.visits, COPY_VISITS, INSERT_VISITS, 'import_visits');
    if (w.continued) await this.db.query(UPDATE_VISITS, w.continued, 'import_visits_update');
    if (w.events) await this.rows(w.events, COPY_EVENTS, INSERT_EVENTS, 'import_events');
    await this.db.query(MARK_HOURS, w.hours, 'import_hours');
  }

  private async rows(
    data: { copy: string[] } | { arrays: unknown[][] },
    copy: string,
    insert: string,
    name: string,
  ): Promise<void> {
    if ('copy' in data) await this.db.copyFrom!(copy, data.copy);
    else await this.db.query(insert, data.arrays, name);
  }

  /**
   * Moves the import's cursor to `p.rowsDone`, but only from `from`: a second runner of the same
   * import (a job delivered twice) finds the cursor moved and its transaction rolls back.
   */
  async advance(id: number, from: number, p: Progress): Promise<boolean> {
    const rows = await this.db.query(
      `update imports set rows_done = $3, rows_written = rows_written + $4, rows_skipped = rows_skipped + $5,
              error_count = error_count + $6,
              errors = case when jsonb_array_length(errors) >= 20 then errors
                            else (errors || $7::jsonb) end,
              min_ts = least(min_ts, $8::timestamptz), max_ts = greatest(max_ts, $9::timestamptz),
              updated_at = now()
        where id = $1 and rows_done = $2 returning id`,
      [
        id,
        from,
        p.rowsDone,
        p.written,
        p.skipped,
        p.errorCount,
        JSON.stringify(p.errors),
        p.minTs && iso(p.minTs),
        p.maxTs && iso(p.maxTs),
      ],
    );
    return rows.length === 1;
  }

  async insertDaily(siteId: number, importId: number, rows: DailyRow[]): Promise<void> {
    if (rows.length === 0) return;
    const args = DAILY_TYPES.map((type, i) => `$${i + 3}::${type}[]`).join(', ');
    await this.db.query(
      `insert into imported_daily (site_id, import_id, ${DAILY_COLUMNS.join(', ')}, ip, new_visitors)
       select $1, $2, *, 0, 0 from unnest(${args})`,
      [siteId, importId, ...DAILY_COLUMNS.map((c) => rows.map((r) => r[c]))],
    );
  }

  /**
   * Deletes everything an import wrote: its events and visits (through the (site, time) keys, within
   * the span it recorded), its daily aggregates, and marks the hours for the rollup recount.
   */
  async deleteWritten(imp: ImportRow): Promise<void> {
    await this.db.query('delete from imported_daily where import_id = $1', [imp.id]);
    if (!imp.minTs || !imp.maxTs) return;
    const span = [imp.siteId, iso(imp.minTs), iso(imp.maxTs), imp.id];
    await this.db.query(
      'delete from events where site_id = $1 and ts between $2 and $3 and import_id = $4',
      span,
    );
    await this.db.query(
      'delete from visits where site_id = $1 and started_at between $2 and $3 and import_id = $4',
      span,
    );
    // The days' rows go at once, so no report shows the undone import until the recount of the marked
    // hours writes back what the remaining (collected) rows hold.
    for (const table of ['rollup_daily', 'rollup_daily_ip', 'rollup_ip_days', 'rollup_day_keys']) {
      await this.db.query(
        `delete from ${table} d using sites s
          where s.id = $1 and d.site_id = $1
            and d.day between ($2::timestamptz at time zone s.timezone)::date and ($3::timestamptz at time zone s.timezone)::date`,
        [imp.siteId, iso(imp.minTs), iso(imp.maxTs)],
      );
    }
    await this.db.query(
      `insert into rollup_dirty (site_id, hour)
       select $1, h from generate_series(date_trunc('hour', $2::timestamptz), $3::timestamptz, interval '1 hour') as h`,
      [imp.siteId, iso(imp.minTs), iso(imp.maxTs)],
    );
  }

  /** Clears the progress of an import whose rows were deleted (a failed one keeps its counts at 0). */
  async resetProgress(id: number): Promise<void> {
    await this.db.query(
      `update imports set rows_done = 0, rows_written = 0, min_ts = null, max_ts = null, updated_at = now()
        where id = $1`,
      [id],
    );
  }
}
