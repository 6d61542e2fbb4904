/**
 * The raw tables' columns as the bulk writers write them: the collect pipeline
 * (`modules/collect/ingest.repository.ts`) and history imports (`modules/imports/imports.repository.ts`)
 * both take their column lists from here, so a column added to `visits` or `events` is added once.
 * Both write with one value list per column: `unnest` arrays (one statement, prepared once), or the
 * lines of a `COPY … FROM STDIN` (imports on PostgreSQL).
 */
import type { Executor } from './client.js';
import type { visits } from './schema/index.js';

/** One column of a bulk write: its name, its SQL type (the unnest array's element) and how a row gives it. */
export type Column<T> = [name: string, type: string, read: (row: T) => unknown];

/** A visit's fields fixed by its first hit (the collect area's `VisitSource`) and their columns. */
export const VISIT_SOURCE_FIELDS = [
  ['entryUrl', 'entry_url'],
  ['entryPath', 'entry_path'],
  ['referrer', 'referrer'],
  ['refCategory', 'ref_category'],
  ['refDomain', 'ref_domain'],
  ['refName', 'ref_name'],
  ['keyword', 'keyword'],
  ['utmSource', 'utm_source'],
  ['utmMedium', 'utm_medium'],
  ['utmCampaign', 'utm_campaign'],
  ['utmTerm', 'utm_term'],
  ['utmContent', 'utm_content'],
  ['ip', 'ip'],
  ['country', 'country'],
  ['province', 'province'],
  ['city', 'city'],
  ['isp', 'isp'],
  ['browser', 'browser'],
  ['browserVersion', 'browser_version'],
  ['os', 'os'],
  ['osVersion', 'os_version'],
  ['device', 'device'],
  ['screen', 'screen'],
  ['language', 'language'],
] as const;

export type VisitSourceField = (typeof VISIT_SOURCE_FIELDS)[number][0];

/**
 * A visit as both writers hold it (collect's `VisitState`, an import's `OpenVisit`): the table's own
 * fields, except that a later write to a stored visit may leave its exit page alone (null).
 */
export type VisitRow = Pick<
  typeof visits.$inferSelect,
  | 'id'
  | 'siteId'
  | 'visitor'
  | 'startedAt'
  | 'lastAt'
  | 'localDay'
  | 'isNew'
  | 'pageviews'
  | 'events'
  | 'durationMs'
> & {
  exitUrl: string | null;
  exitPath: string | null;
  /** Present while the visit is not stored yet (the write that inserts it needs it). */
  source?: { [K in VisitSourceField]: string | null };
};

const iso = (d: Date) => d.toISOString();

/** A new visit's columns (`import_id` is left to its default, null, unless a writer adds it). */
export const VISIT_COLUMNS: Column<VisitRow>[] = [
  ['id', 'bigint', (v) => v.id],
  ['site_id', 'bigint', (v) => v.siteId],
  ['visitor', 'text', (v) => v.visitor],
  ['started_at', 'timestamptz', (v) => iso(v.startedAt)],
  ['last_at', 'timestamptz', (v) => iso(v.lastAt)],
  ['local_day', 'date', (v) => v.localDay],
  ['is_new', 'boolean', (v) => v.isNew],
  ['pageviews', 'int', (v) => v.pageviews],
  ['events', 'int', (v) => v.events],
  ['duration_ms', 'bigint', (v) => v.durationMs],
  ['exit_url', 'text', (v) => v.exitUrl],
  ['exit_path', 'text', (v) => v.exitPath],
  ...VISIT_SOURCE_FIELDS.map(([key, name]): Column<VisitRow> => [name, 'text', (v) => v.source![key]]),
];

/** A stored visit's key and the totals a later write changes, read as for a new visit. */
export const VISIT_TOTALS: Column<VisitRow>[] = [
  'site_id',
  'id',
  'started_at',
  'last_at',
  'pageviews',
  'events',
  'duration_ms',
  'exit_url',
  'exit_path',
].map((name) => VISIT_COLUMNS.find(([column]) => column === name)!);

/**
 * An event's columns and types. The writers hold an event in different shapes (a collected hit, an
 * imported row), so each gives its readers by column name (`eventColumns`): the compiler then wants
 * one for every column here, and none other.
 */
export const EVENT_FIELDS = [
  ['site_id', 'bigint'],
  ['visit_id', 'bigint'],
  ['visitor', 'text'],
  ['ts', 'timestamptz'],
  ['type', 'text'],
  ['page_id', 'text'],
  ['url', 'text'],
  ['host', 'text'],
  ['path', 'text'],
  ['title', 'text'],
  ['name', 'text'],
  ['props', 'jsonb'],
  ['duration_ms', 'int'],
  ['ip', 'text'],
] as const;

export type EventColumnName = (typeof EVENT_FIELDS)[number][0];

export function eventColumns<T>(read: { [K in EventColumnName]: (row: T) => unknown }): Column<T>[] {
  return EVENT_FIELDS.map(([name, type]): Column<T> => [name, type, read[name]]);
}

export const columnNames = <T>(columns: Column<T>[]) => columns.map(([name]) => name).join(', ');

/** One array parameter per column, in the order the statement numbered them. */
export function arraysOf<T>(columns: Column<T>[], rows: T[]): unknown[][] {
  return columns.map(([, , read]) => rows.map(read));
}

/** `unnest($first::type[], …)`: the statement's array parameters for `columns`, numbered from `first`. */
export const unnestArgs = <T>(columns: Column<T>[], first: number) =>
  `unnest(${columns.map(([, type], i) => `$${first + i}::${type}[]`).join(', ')})`;

const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };
const NEEDS_ESCAPE = /[\\\n\r\t]/;

/** A value in COPY's text format: `\N` for null, backslash escapes for the separators. */
function copyValue(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  const s = String(value);
  return NEEDS_ESCAPE.test(s) ? s.replace(/[\\\n\r\t]/g, (c) => COPY_ESCAPES[c]!) : s;
}

/** Rows per piece of COPY text handed to the connection (a few hundred kB each). */
const COPY_PIECE_ROWS = 1000;

/**
 * Rows as the data of `COPY table (columnNames(columns)) FROM STDIN` (text format): tab-separated
 * lines, in pieces, so no single string holds a whole chunk of a large import. Each piece is joined
 * from an array (a flat string: one built by `+=` is a rope the driver would flatten again).
 */
export function copyText<T>(columns: Column<T>[], rows: T[]): string[] {
  const pieces: string[] = [];
  const readers = columns.map(([, , read]) => read);
  const values: string[] = new Array(readers.length);
  for (let start = 0; start < rows.length; start += COPY_PIECE_ROWS) {
    const end = Math.min(rows.length, start + COPY_PIECE_ROWS);
    const lines: string[] = new Array(end - start + 1);
    for (let r = start; r < end; r++) {
      const row = rows[r]!;
      for (let c = 0; c < readers.length; c++) values[c] = copyValue(readers[c]!(row));
      lines[r - start] = values.join('\t');
    }
    lines[end - start] = '';
    pieces.push(lines.join('\n'));
  }
  return pieces;
}

/** `n` new visit ids from the visits' sequence (a writer numbers its visits before inserting them). */
export async function allocateVisitIds(db: Executor, n: number): Promise<number[]> {
  if (n === 0) return [];
  const rows = await db.query<{ id: string | number }>(
    `select nextval('visits_id_seq') as id from generate_series(1, $1::int)`,
    [n],
  );
  return rows.map((r) => Number(r.id));
}
