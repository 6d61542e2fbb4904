import type { Database } from '../../db/client.js';

/**
 * Rows of `rate_limits` are either fixed-window counters (`window_start` = start of the window, `hits` =
 * hits in it) or holds (`window_start` = when the hold began, `hits` = its length in seconds).
 */
export class ThrottleRepository {
  constructor(private readonly db: Database) {}

  /** One statement, so concurrent hits from several processes count exactly. Returns hits in the window. */
  async hit(key: string, windowSec: number): Promise<{ hits: number; windowStart: Date }> {
    const [row] = await this.db.query<{ hits: number; window_start: Date }>(
      `insert into rate_limits (key, window_start, hits) values ($1, now(), 1)
       on conflict (key) do update set
         hits = case when rate_limits.window_start < now() - make_interval(secs => $2) then 1 else rate_limits.hits + 1 end,
         window_start = case when rate_limits.window_start < now() - make_interval(secs => $2) then now() else rate_limits.window_start end
       returning hits, window_start`,
      [key, windowSec],
    );
    return { hits: Number(row!.hits), windowStart: new Date(row!.window_start) };
  }

  /** Hits counted in the current window, without counting one more. */
  async peek(key: string, windowSec: number): Promise<{ hits: number; windowStart: Date } | undefined> {
    const [row] = await this.db.query<{ hits: number; window_start: Date }>(
      `select hits, window_start from rate_limits
       where key = $1 and window_start >= now() - make_interval(secs => $2)`,
      [key, windowSec],
    );
    return row ? { hits: Number(row.hits), windowStart: new Date(row.window_start) } : undefined;
  }

  /** Starts (or restarts) a hold of `seconds` from now. */
  async hold(key: string, seconds: number): Promise<void> {
    await this.db.query(
      `insert into rate_limits (key, window_start, hits) values ($1, now(), $2)
       on conflict (key) do update set window_start = now(), hits = $2`,
      [key, seconds],
    );
  }

  /** Whole seconds left of a hold, 0 when none is running. */
  async heldFor(key: string): Promise<number> {
    const [row] = await this.db.query<{ left: number }>(
      `select ceil(extract(epoch from window_start + make_interval(secs => hits) - now()))::int as left
       from rate_limits where key = $1`,
      [key],
    );
    return Math.max(0, Number(row?.left ?? 0));
  }

  async clear(key: string): Promise<void> {
    await this.db.query('delete from rate_limits where key = $1', [key]);
  }

  /** Every counter and hold whose key starts with `prefix`. */
  async clearPrefix(prefix: string): Promise<void> {
    await this.db.query('delete from rate_limits where starts_with(key, $1)', [prefix]);
  }

  async purgeOlderThan(seconds: number): Promise<void> {
    await this.db.query('delete from rate_limits where window_start < now() - make_interval(secs => $1)', [
      seconds,
    ]);
  }
}
