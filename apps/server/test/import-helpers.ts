import path from 'node:path';
import type { TestApp } from './app.js';

/** Registers an import of local files through the service (no job: the test runs it itself). */
export async function importFiles(
  t: TestApp,
  auth: Parameters<TestApp['services']['imports']['create']>[0],
  siteId: number,
  kind: string,
  files: string[],
) {
  const received = await Promise.all(files.map((f) => t.services.imports.receiveLocal(f)));
  return t.services.imports.create(auth, { siteId, kind, files: received }, { queue: false });
}

/** Rows a site holds: all, and those of one import. */
export async function counts(t: TestApp, siteId: number, importId?: number) {
  const where = importId === undefined ? 'site_id = $1' : 'site_id = $1 and import_id = $2';
  const params = importId === undefined ? [siteId] : [siteId, importId];
  const [v] = await t.db.query<{ n: number; pv: number; ev: number }>(
    `select count(*)::int as n, coalesce(sum(pageviews), 0)::int as pv, coalesce(sum(events), 0)::int as ev
       from visits where ${where}`,
    params,
  );
  const [e] = await t.db.query<{ n: number }>(`select count(*)::int as n from events where ${where}`, params);
  return { visits: v!.n, pageviews: v!.pv, customEvents: v!.ev, events: e!.n };
}

export const tmpFile = (dir: string, name: string) => path.join(dir, name);
