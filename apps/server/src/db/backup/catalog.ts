import { readFileSync } from 'node:fs';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../client.js';
import type { MigrationLevel } from './format.js';

/**
 * What backup and restore read from the catalog, the same on PGlite and PostgreSQL. The app's tables
 * are those of `current_schema()`, where the migrations created them (`public` unless the role's
 * search_path says otherwise); drizzle's bookkeeping (`drizzle`) and pg-boss's (`pgboss`) are schemas
 * of their own and not among them.
 */

export interface TableInfo {
  name: string;
  columns: string[];
  types: string[];
  /** Primary-key columns in key order; empty when the table has none. */
  key: string[];
  /** Tables this one references (foreign keys), other than itself. */
  parents: string[];
}

export const ident = pg.escapeIdentifier;
export const literal = pg.escapeLiteral;

export async function schemaName(client: pg.ClientBase): Promise<string> {
  const { rows } = await client.query<{ s: string | null }>('select current_schema() as s');
  const s = rows[0]?.s;
  if (!s) throw new Error('the database session has no current schema (search_path)');
  return s;
}

/** The schema's tables, parents before the tables that reference them (then by name). */
export async function listTables(client: pg.ClientBase, schema: string): Promise<TableInfo[]> {
  const { rows: tables } = await client.query<{ oid: number; name: string }>(
    `select c.oid::int as oid, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and c.relkind in ('r', 'p') and not c.relispartition order by c.relname`,
    [schema],
  );
  const { rows: columns } = await client.query<{ oid: number; name: string; type: string }>(
    `select a.attrelid::int as oid, a.attname as name, format_type(a.atttypid, a.atttypmod) as type
       from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      order by a.attrelid, a.attnum`,
    [schema],
  );
  const { rows: keys } = await client.query<{ oid: number; name: string }>(
    `select i.indrelid::int as oid, a.attname as name
       from pg_index i join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
       cross join lateral unnest(i.indkey) with ordinality as k(attnum, ord)
       join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
      where n.nspname = $1 and i.indisprimary order by i.indrelid, k.ord`,
    [schema],
  );
  const { rows: fks } = await client.query<{ child: number; parent: number }>(
    `select f.conrelid::int as child, f.confrelid::int as parent
       from pg_constraint f join pg_namespace n on n.oid = f.connamespace
      where n.nspname = $1 and f.contype = 'f' and f.conrelid <> f.confrelid`,
    [schema],
  );
  const byOid = new Map<number, TableInfo>();
  for (const t of tables) byOid.set(t.oid, { name: t.name, columns: [], types: [], key: [], parents: [] });
  for (const c of columns) {
    const t = byOid.get(c.oid);
    if (!t) continue;
    t.columns.push(c.name);
    t.types.push(c.type);
  }
  for (const k of keys) byOid.get(k.oid)?.key.push(k.name);
  for (const f of fks) {
    const child = byOid.get(f.child);
    const parent = byOid.get(f.parent);
    if (child && parent && !child.parents.includes(parent.name)) child.parents.push(parent.name);
  }
  return dependencyOrder([...byOid.values()]);
}

/** Parents first; a cycle (none in Tally's schema) is broken by name order. */
function dependencyOrder(tables: TableInfo[]): TableInfo[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const done = new Set<string>();
  const visiting = new Set<string>();
  const out: TableInfo[] = [];
  const visit = (t: TableInfo) => {
    if (done.has(t.name) || visiting.has(t.name)) return;
    visiting.add(t.name);
    for (const p of [...t.parents].sort()) {
      const parent = byName.get(p);
      if (parent) visit(parent);
    }
    visiting.delete(t.name);
    done.add(t.name);
    out.push(t);
  };
  for (const t of [...tables].sort((a, b) => a.name.localeCompare(b.name))) visit(t);
  return out;
}

export interface SerialColumn {
  table: string;
  column: string;
  /** Qualified, quoted: ready for `setval`. */
  sequence: string;
}

/** The sequences owned by a column of the schema's tables (serial and identity columns). */
export async function serialColumns(client: pg.ClientBase, schema: string): Promise<SerialColumn[]> {
  const { rows } = await client.query<{ table: string; column: string; seq_schema: string; seq: string }>(
    `select t.relname as table, a.attname as column, sn.nspname as seq_schema, s.relname as seq
       from pg_depend d
       join pg_class s on s.oid = d.objid and s.relkind = 'S'
       join pg_namespace sn on sn.oid = s.relnamespace
       join pg_class t on t.oid = d.refobjid
       join pg_namespace n on n.oid = t.relnamespace
       join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
      where d.classid = 'pg_class'::regclass and d.refclassid = 'pg_class'::regclass
        and d.deptype in ('a', 'i') and n.nspname = $1
      order by t.relname, a.attname`,
    [schema],
  );
  return rows.map((r) => ({
    table: r.table,
    column: r.column,
    sequence: `${ident(r.seq_schema)}.${ident(r.seq)}`,
  }));
}

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

/** The migrations this build ships, in order (drizzle's journal). */
export function journal(): JournalEntry[] {
  const text = readFileSync(`${MIGRATIONS_DIR}/meta/_journal.json`, 'utf8');
  return (JSON.parse(text) as { entries: JournalEntry[] }).entries;
}

/** The database's migration level, or undefined when no migration ever ran on it. */
export async function migrationLevel(client: pg.ClientBase): Promise<MigrationLevel | undefined> {
  const { rows: exists } = await client.query<{ t: string | null }>(
    `select to_regclass('drizzle.__drizzle_migrations')::text as t`,
  );
  if (!exists[0]?.t) return undefined;
  const { rows } = await client.query<{ count: number; last: string | null }>(
    'select count(*)::int as count, max(created_at)::text as last from drizzle.__drizzle_migrations',
  );
  const row = rows[0];
  if (!row || row.last === null) return undefined;
  const created_at = Number(row.last);
  const tag = journal().find((e) => e.when === created_at)?.tag;
  return { count: row.count, created_at, ...(tag ? { tag } : {}) };
}

/** A level for messages: its migration's name when known. */
export function describeLevel(level: MigrationLevel | undefined): string {
  if (!level) return 'no migrations';
  return level.tag ? `migration ${level.tag}` : `migration of ${new Date(level.created_at).toISOString()}`;
}
