import type { Database } from '../../db/client.js';

export interface NewestHit {
  ts: Date | string;
  url: string;
  path: string;
  title: string;
}

/** How far back the newest hit is looked for (every query bounds site and time). */
const LOOK_BACK = '30 days';

export class FirstHitRepository {
  constructor(private readonly db: Database) {}

  /** The site's newest page view or event, read backwards along the (site, time) key. */
  async newest(siteId: number): Promise<NewestHit | undefined> {
    const [row] = await this.db.query<NewestHit>(
      `select ts, url, path, title from events
        where site_id = $1 and ts >= now() - interval '${LOOK_BACK}' and type in ('pv', 'ev')
        order by ts desc, id desc limit 1`,
      [siteId],
    );
    return row;
  }
}
