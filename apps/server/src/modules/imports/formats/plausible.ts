import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type CsvRow, csvRows } from './csv.js';
import { ImportFileError, RowError } from './errors.js';
import { readZip } from './zip.js';

/**
 * Plausible's CSV export (Site settings → Imports & Exports → Export): a zip of
 * `imported_<table>_<from>_<to>.csv` files with the columns of lib/plausible/imported/csv_importer.ex
 * in plausible/analytics (`input_structures`), e.g. imported_visitors `date, visitors, pageviews,
 * bounces, visits, visit_duration`. They become rows of Tally's daily dimensions (the rollup_daily
 * shape), so the reports add them to their own. Newer exports add columns; only these are read.
 */
export interface DailyRow {
  day: string;
  dim: string;
  key: string;
  pv: number;
  uv: number;
  visits: number;
  bounces: number;
  duration_ms: number;
  entries: number;
  exits: number;
}

type Mapping = (get: (c: string) => string, n: (c: string) => number) => Partial<DailyRow>[];

const visitMetrics = (n: (c: string) => number) => ({
  uv: n('visitors'),
  visits: n('visits'),
  bounces: n('bounces'),
  duration_ms: n('visit_duration') * 1000,
});

let countryNames: Intl.DisplayNames | undefined;
const countryOf = (code: string) => {
  if (!/^[A-Za-z]{2}$/.test(code)) return '';
  countryNames ??= new Intl.DisplayNames(['zh-CN'], { type: 'region' });
  return countryNames.of(code.toUpperCase()) ?? '';
};

/** Each table: its required columns and the Tally dimensions a row adds to. */
const TABLES: Record<string, { columns: string[]; rows: Mapping }> = {
  imported_visitors: {
    columns: ['date', 'visitors', 'pageviews', 'bounces', 'visits', 'visit_duration'],
    rows: (_, n) => [{ dim: 'site', key: '', pv: n('pageviews'), ...visitMetrics(n) }],
  },
  imported_sources: {
    columns: ['date', 'source', 'visitors', 'visits', 'visit_duration', 'bounces'],
    rows: (get, n) => (get('source') ? [{ dim: 'ref_domain', key: get('source'), ...visitMetrics(n) }] : []),
  },
  imported_pages: {
    columns: ['date', 'page', 'visitors', 'pageviews'],
    rows: (get, n) => [
      {
        dim: 'page',
        key: get('page'),
        uv: n('visitors'),
        pv: n('pageviews'),
        duration_ms: n('time_on_page') * 1000,
      },
      ...(get('hostname')
        ? [{ dim: 'domain', key: get('hostname'), uv: n('visitors'), pv: n('pageviews') }]
        : []),
    ],
  },
  imported_entry_pages: {
    columns: ['date', 'entry_page', 'visitors', 'entrances', 'visit_duration', 'bounces'],
    rows: (get, n) => [
      {
        dim: 'entry',
        key: get('entry_page'),
        uv: n('visitors'),
        visits: n('entrances'),
        bounces: n('bounces'),
        duration_ms: n('visit_duration') * 1000,
      },
      { dim: 'page', key: get('entry_page'), entries: n('entrances') },
    ],
  },
  imported_exit_pages: {
    columns: ['date', 'exit_page', 'exits'],
    rows: (get, n) => [{ dim: 'page', key: get('exit_page'), exits: n('exits') }],
  },
  imported_locations: {
    columns: ['date', 'country', 'visitors', 'visits', 'visit_duration', 'bounces'],
    rows: (get, n) => {
      const country = countryOf(get('country'));
      return country ? [{ dim: 'country', key: country, ...visitMetrics(n) }] : [];
    },
  },
  imported_devices: {
    columns: ['date', 'device', 'visitors', 'visits', 'visit_duration', 'bounces'],
    rows: (get, n) => [{ dim: 'device', key: get('device').toLowerCase() || 'desktop', ...visitMetrics(n) }],
  },
  imported_browsers: {
    columns: ['date', 'browser', 'visitors', 'visits', 'visit_duration', 'bounces'],
    rows: (get, n) => [{ dim: 'browser', key: get('browser'), ...visitMetrics(n) }],
  },
  imported_operating_systems: {
    columns: ['date', 'operating_system', 'visitors', 'visits', 'visit_duration', 'bounces'],
    rows: (get, n) => [{ dim: 'os', key: get('operating_system'), ...visitMetrics(n) }],
  },
};

/** `imported_pages_20240101_20241231.csv` → imported_pages (a folder in the zip is allowed). */
export function plausibleTable(name: string): string | undefined {
  const base = path.basename(name).toLowerCase();
  const m = /^(imported_[a-z_]+?)(?:_\d{8}_\d{8})?\.csv$/.exec(base);
  return m && TABLES[m[1]!] ? m[1] : undefined;
}

export interface PlausibleData {
  rows: DailyRow[];
  /** Data rows read from the CSV files, and those refused (with their file and line). */
  read: number;
  errors: { line: number; message: string }[];
  errorCount: number;
}

const ZERO: Omit<DailyRow, 'day' | 'dim' | 'key'> = {
  pv: 0,
  uv: 0,
  visits: 0,
  bounces: 0,
  duration_ms: 0,
  entries: 0,
  exits: 0,
};

/**
 * The export zip read whole (exports are a few rows per day and key) and summed by (day, dimension,
 * key). A zip without one known table, or a table missing a column, refuses the file.
 */
export async function readPlausible(zipPath: string, workDir = tmpdir()): Promise<PlausibleData> {
  const files = await readZip(zipPath);
  const sums = new Map<string, DailyRow>();
  const out: PlausibleData = { rows: [], read: 0, errors: [], errorCount: 0 };
  let tables = 0;
  for (const [name, bytes] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
    const table = plausibleTable(name);
    if (!table) continue;
    tables++;
    const spec = TABLES[table]!;
    // The CSV reader streams from a path; the extracted table is written next to the work files.
    const file = path.join(workDir, `plausible-${process.pid}-${Date.now()}-${table}.csv`);
    await writeFile(file, bytes);
    try {
      await readTable(file, name, spec, sums, out);
    } finally {
      await rm(file, { force: true });
    }
  }
  if (tables === 0)
    throw new ImportFileError('a Plausible import needs its export zip (imported_*.csv files)');
  out.rows = [...sums.values()];
  return out;
}

async function readTable(
  file: string,
  name: string,
  spec: (typeof TABLES)[string],
  sums: Map<string, DailyRow>,
  out: PlausibleData,
): Promise<void> {
  for await (const batch of csvRows(file, path.basename(name), spec.columns))
    for (const row of batch) readRow(row, name, spec, sums, out);
}

function readRow(
  row: CsvRow,
  name: string,
  spec: (typeof TABLES)[string],
  sums: Map<string, DailyRow>,
  out: PlausibleData,
): void {
  out.read++;
  try {
    const day = row.get('date');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new RowError(`date "${day}" is not YYYY-MM-DD`);
    const n = (c: string) => {
      const v = row.get(c);
      if (v === '') return 0;
      const x = Number(v);
      if (!Number.isFinite(x) || x < 0) throw new RowError(`${c} "${v}" is not a count`);
      return Math.round(x);
    };
    for (const part of spec.rows(row.get, n)) {
      const key = `${day}|${part.dim}|${part.key}`;
      const sum = sums.get(key) ?? { day, dim: part.dim!, key: part.key ?? '', ...ZERO };
      for (const m of Object.keys(ZERO) as (keyof typeof ZERO)[]) sum[m] += part[m] ?? 0;
      sums.set(key, sum);
    }
  } catch (err) {
    if (!(err instanceof RowError)) throw err;
    out.errorCount++;
    if (out.errors.length < 20)
      out.errors.push({ line: row.line, message: `${path.basename(name)}: ${err.message}` });
  }
}
