import { parseArgs } from 'node:util';
import { IMPORT_KINDS } from '@tally/contracts';
import type { Services } from './app.js';
import { fail } from './cli-errors.js';
import { loadConfig } from './config.js';
import { ProgressLine } from './db/backup/progress.js';
import { useIpDatabases } from './lib/ip-area.js';

type WithServices = <T>(fn: (s: Services) => Promise<T>) => Promise<T>;

/**
 * `tally import --site ID --kind umami|plausible|log FILE [FILE] [FILE]`: the settings page's import, run in
 * this process (not as a job) with a progress line, as the operator (no plan limit). The same file
 * imported twice on a site changes nothing; an interrupted run continues where it stopped when the
 * same command runs again.
 */
export async function importCommand(
  args: string[],
  usage: string,
  withServices: WithServices,
): Promise<void> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(args);
  } catch (err) {
    return fail(
      `tally import: ${(err as Error).message.split('. ')[0]} (tally --help lists the commands)`,
      2,
    );
  }
  const { values, positionals } = parsed;
  if (values.help) return void console.log(usage);
  const siteId = Number(values.site);
  if (!Number.isInteger(siteId) || siteId < 1)
    return fail('tally import: --site ID (a site id) is required', 2);
  const kind = values.kind ?? '';
  if (!(IMPORT_KINDS as readonly string[]).includes(kind))
    return fail(`tally import: --kind must be one of ${IMPORT_KINDS.join(', ')}`, 2);
  if (positionals.length === 0 || positionals.length > 3)
    return fail(
      'tally import: name the file(s): an access log, a Plausible zip, or Umami CSVs (website_event [session] [event_data])',
      2,
    );
  // Areas from the databases `serve` would use (DATA_DIR's, when it holds newer ones).
  useIpDatabases(loadConfig().dataDir);
  const progress = new ProgressLine();
  await withServices(async (s) => {
    const files = await Promise.all(positionals.map((f) => s.imports.receiveLocal(f)));
    const made = await s.imports.create(null, { siteId, kind, files }, { queue: false });
    if (made.duplicate && made.import.status === 'done') {
      console.log(
        `import ${made.import.id}: this file is already imported on site ${siteId} (nothing changed)`,
      );
      return;
    }
    const started = performance.now();
    const from = made.import.rows_done;
    const done = await s.imports.run(made.import.id, {
      onProgress: (p) =>
        progress.update(
          `import ${made.import.id}: ${p.rowsDone} / ${p.rowsTotal} rows (${Math.floor((p.rowsDone / Math.max(1, p.rowsTotal)) * 100)} %)`,
        ),
    });
    progress.clear();
    if (!done) return fail(`tally import: site ${siteId} is gone`, 1);
    const seconds = (performance.now() - started) / 1000;
    if (done.status === 'failed') return fail(`import ${done.id} failed: ${done.failure}`, 1);
    const rows = done.rows_done - from;
    console.log(
      `import ${done.id}: ${done.status}, ${rows} rows in ${seconds.toFixed(1)} s (${Math.round(rows / seconds)} rows/s): ` +
        `${done.rows_written} written, ${done.rows_skipped} skipped, ${done.error_count} refused`,
    );
    for (const e of done.errors) console.log(`  line ${e.line}: ${e.message}`);
  });
}

function parse(args: string[]) {
  return parseArgs({
    args,
    allowPositionals: true,
    options: { site: { type: 'string' }, kind: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
}
