import type { Database } from '../../db/client.js';

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

  async clear(key: string): Promise<void> {
    await this.db.query('delete from rate_limits where key = $1', [key]);
  }

  async purgeOlderThan(seconds: number): Promise<void> {
    await this.db.query('delete from rate_limits where window_start < now() - make_interval(secs => $1)', [
      seconds,
    ]);
  }
}
