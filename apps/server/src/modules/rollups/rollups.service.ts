import type { Executor } from '../../db/client.js';
import { type MonthPartition, type MonthPartitions, monthOf } from '../../db/month-partitions.js';
import { addDays, localDay } from '../../lib/local-time.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { RollupsRepository } from './rollups.repository.js';

const HOUR_SLICE = 200;
/** Days per claim: on PGlite a statement holds the only connection, so collect waits for it. */
const DAY_SLICE = 5;
/** Months per statement (a month of a busy site is a few thousand top rows a dimension). */
const MONTH_SLICE = 2;
const DAY_MS = 86_400_000;
/**
 * The job's pause after each daily statement but the last, as long as that statement took: on PGlite,
 * where a busy day is recounted a dimension a statement, collect keeps at least half of the one
 * connection while it runs. Nothing that waits for the figures pauses (a range recount, demo data).
 */
const yieldAsLong = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The UTC month `k` months after `now`'s (`YYYY-MM-01`). */
const monthAfter = (now: Date, k: number) =>
  monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + k, 1)));

/**
 * When the last row of a month's partition is past: events at the month's end; a visit that started in
 * the month a day later at most (a visit never crosses its local midnight). Retention deletes visits
 * by their last hit, so a visits partition goes only once all of its visits would have.
 */
function partitionEnd({ parent, month }: MonthPartition): number {
  const [y, m] = month.split('-').map(Number);
  return Date.UTC(y!, m!, 1) + (parent === 'visits' ? DAY_MS : 0);
}

export type RecountProgress = { phase: 'hours' | 'days'; done: number; total: number };

/** Keeps rollups current (the rollup job) and raw data within the retention setting. */
export class RollupsService {
  constructor(
    private readonly repo: RollupsRepository,
    private readonly settings: SettingsService,
    private readonly partitions: MonthPartitions,
  ) {}

  /**
   * Recounts dirty hours, then the due days, slice by slice, then the settled months of recounted days;
   * returns the number of hours recounted.
   * `yielding`: the background job's pauses (yieldAsLong).
   */
  async refresh({ yielding = false } = {}): Promise<number> {
    return (await this.recountDirty({ allDays: false, between: yielding ? yieldAsLong : undefined })).hours;
  }

  /** How many days a range recount recounts at once by default (RollupsRepository.dayWorkers). */
  get dayWorkers(): number {
    return this.repo.dayWorkers;
  }

  /**
   * Recounts a local date range from the raw rows (`tally rollups recount`): marks its hours, then
   * recounts slice by slice as the job does, every day regardless of pacing, reporting as it goes. The
   * days are recounted by `workers` loops at once (default: dayWorkers); their leases
   * keep any two off the same day. A slice is one statement even on PGlite: the command line's process
   * has the embedded database to itself (its directory lock), so no collect waits behind it.
   */
  async recountRange(
    range: { from: string; to: string; siteIds: number[] | null; workers?: number },
    onProgress?: (p: RecountProgress) => void,
  ): Promise<{ hours: number; days: number }> {
    await this.repo.markRange(range.from, range.to, range.siteIds);
    return this.recountDirty({
      allDays: true,
      onProgress,
      workers: range.workers ?? this.dayWorkers,
      alone: true,
    });
  }

  /**
   * Every dirty hour, then every due day (`allDays`: every dirty day), a slice at a time, the days by
   * `workers` loops at once, then the settled months those days marked, pausing `between` statements.
   * With `onProgress`, reported after each slice against what was dirty when the phase began (hours
   * collect marks meanwhile are recounted too, so `done` is capped at `total`).
   */
  private async recountDirty({
    allDays,
    onProgress,
    between,
    workers = 1,
    alone = false,
  }: {
    allDays: boolean;
    onProgress?: (p: RecountProgress) => void;
    between?: (ms: number) => Promise<void>;
    workers?: number;
    /** No collect waits for the connection (RollupsRepository.recountDays). */
    alone?: boolean;
  }): Promise<{ hours: number; days: number }> {
    const total = async (phase: 'hourMarks' | 'days') =>
      onProgress ? (await this.repo.dirtyCounts())[phase] : 0;
    const report = (phase: RecountProgress['phase'], done: number, of: number) =>
      onProgress?.({ phase, done: Math.min(done, of), total: of });
    const marksTotal = await total('hourMarks');
    let [marks, hours] = [0, 0];
    for (;;) {
      const slice = await this.repo.recountHours(HOUR_SLICE);
      [marks, hours] = [marks + slice.marks, hours + slice.hours];
      report('hours', marks, marksTotal);
      if (slice.marks < HOUR_SLICE) break;
    }
    const daysTotal = await total('days');
    let days = 0;
    // A loop ends when its claim comes back short (no unleased due day was left at that moment), or
    // after another loop failed: the failure is thrown once every loop has stopped.
    const failures: unknown[] = [];
    const dayLoop = async () => {
      try {
        for (let n = DAY_SLICE; n === DAY_SLICE && failures.length === 0; ) {
          n = await this.repo.recountDays(DAY_SLICE, allDays, between, alone);
          days += n;
          report('days', days, daysTotal);
        }
      } catch (err) {
        failures.push(err);
      }
    };
    await Promise.all(Array.from({ length: workers }, dayLoop));
    if (failures.length > 0) throw failures[0];
    // The months of the days just recounted (once each, however many of their days were).
    for (let n = MONTH_SLICE; n === MONTH_SLICE; ) {
      const started = performance.now();
      n = await this.repo.recountMonths(MONTH_SLICE);
      if (between && n === MONTH_SLICE) await between(performance.now() - started);
    }
    return { hours, days };
  }

  /**
   * The raw tables' monthly partitions: this UTC month's and the next two's exist before their rows
   * arrive, and rows waiting in a default partition move to their month's. Returns how many were made.
   */
  async keepPartitions(now = new Date()): Promise<number> {
    const ahead = [0, 1, 2].map((k) => monthAfter(now, k));
    return this.partitions.ensure([...ahead, ...(await this.partitions.strayMonths())]);
  }

  /** Keeps the partitions, then drops whole months past the retention setting and deletes the rest. */
  async applyRetention(now = new Date()): Promise<void> {
    await this.keepPartitions(now);
    const days = await this.settings.get('events_retention_days');
    if (days > 0) {
      const cutoff = new Date(now.getTime() - days * DAY_MS);
      for (const partition of await this.partitions.list()) {
        if (partitionEnd(partition) <= cutoff.getTime()) await this.partitions.drop(partition);
      }
      await this.repo.deleteRawBefore(cutoff);
    }
    // Two days back covers every time zone's "today" and "yesterday".
    await this.repo.deleteSaltsBefore(new Date(now.getTime() - 2 * DAY_MS).toISOString().slice(0, 10));
    await this.repo.deleteDayStateBefore(new Date(now.getTime() - 7 * DAY_MS).toISOString().slice(0, 10));
  }

  /** Today's and yesterday's totals of each site, each in its own time zone. */
  async todayAndYesterday(sites: { id: number; timezone: string }[], now = new Date()) {
    // Yesterday is the calendar day before: `now - 24 h` misses it in the hour after a 23-hour DST day.
    const today = new Map(sites.map((s) => [s.id, localDay(now, s.timezone)]));
    const days = new Set([...today.values()].flatMap((day) => [day, addDays(day, -1)]));
    const rows = await this.repo.siteDays(
      sites.map((s) => s.id),
      [...days],
    );
    const byKey = new Map(rows.map((r) => [`${r.siteId}|${r.day}`, r]));
    const totals = (siteId: number, day: string) => {
      const r = byKey.get(`${siteId}|${day}`);
      return { pv: r?.pv ?? 0, uv: r?.uv ?? 0, ip: r?.ip ?? 0 };
    };
    return new Map(
      sites.map((s) => {
        const day = today.get(s.id)!;
        return [s.id, { today: totals(s.id, day), yesterday: totals(s.id, addDays(day, -1)) }];
      }),
    );
  }

  purgeSites(siteIds: number[], tx?: Executor): Promise<void> {
    return (tx ? this.repo.in(tx) : this.repo).purgeSites(siteIds);
  }
}
