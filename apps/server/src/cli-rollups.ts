import { parseArgs } from 'node:util';
import { calendarDay } from '@tally/contracts';
import type { Services } from './app.js';
import { fail } from './cli-errors.js';
import { ProgressLine } from './db/backup/progress.js';

type WithServices = <T>(fn: (s: Services) => Promise<T>) => Promise<T>;

/**
 * `tally rollups recount --from D --to D [--site ID]`: recounts the rollups of a local date range from
 * the raw rows (after a bulk load, a restore of raw tables, or a changed counting rule), with a progress
 * line. Safe beside a running server: its rollup job takes marks the same way and no mark is taken twice.
 */
export async function rollupsCommand(
  args: string[],
  usage: string,
  withServices: WithServices,
): Promise<void> {
  let values: { from?: string; to?: string; site?: string; help?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        from: { type: 'string' },
        to: { type: 'string' },
        site: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (err) {
    return fail(
      `tally rollups: ${(err as Error).message.split('. ')[0]} (tally --help lists the commands)`,
      2,
    );
  }
  if (values.help) return void console.log(usage);
  if (positionals.length !== 1 || positionals[0] !== 'recount')
    return fail('tally rollups: the only subcommand is recount (tally rollups recount --from D --to D)', 2);
  const day = (option: 'from' | 'to') => {
    const value = values[option] ?? '';
    return calendarDay().safeParse(value).success ? value : undefined;
  };
  const [from, to] = [day('from'), day('to')];
  if (!from || !to) return fail('tally rollups recount: --from and --to are required, as YYYY-MM-DD', 2);
  if (from > to) return fail('tally rollups recount: --from is after --to', 2);
  const site = values.site === undefined ? null : Number(values.site);
  if (site !== null && (!Number.isInteger(site) || site < 1))
    return fail('tally rollups recount: --site is a site id', 2);
  const progress = new ProgressLine();
  await withServices(async (s) => {
    const started = performance.now();
    const done = await s.rollups.recountRange({ from, to, siteIds: site === null ? null : [site] }, (p) =>
      progress.update(
        `recount: ${p.phase} ${p.done} / ${p.total} (${Math.floor((p.done / Math.max(1, p.total)) * 100)} %)`,
      ),
    );
    progress.clear();
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `recounted ${done.hours} hours and ${done.days} days from ${from} to ${to} in ${seconds.toFixed(1)} s`,
    );
  });
}
