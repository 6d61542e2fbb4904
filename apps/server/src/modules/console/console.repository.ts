import type { Executor } from '../../db/client.js';

export interface CoreFigures {
  usersTotal: number;
  usersToday: number;
  sessionsActive: number;
  sitesTotal: number;
  eventsToday: number;
  /** Micro-USDT. */
  balancesHeld: bigint;
}

export interface ConsoleCharts {
  newUsers: number[];
  /** Page views per local day, `YYYY-MM-DD` → count (days without traffic are absent). */
  events: Map<string, number>;
}

/**
 * The console's own figures and charts in one statement, each part read through an index or summary
 * made for it (migration `console`), so the call stays fast at a million users:
 * - users: the striped `user_counts` (kept by triggers on users), not a count over the table;
 * - new users: `users_created_at_idx`, one bounded count per day;
 * - balances: `users_balances_held_idx`, partial, holding only users whose balances are not zero;
 * - sessions: `sessions_expires_at_idx`;
 * - events: `rollup_site_totals`, the sites' daily totals per day and zone (kept by triggers on
 *   rollup_daily), so every site's today and 30 days are a few dozen rows.
 */
const CORE_SQL = `
select
  (select coalesce(sum(n), 0) from user_counts)::bigint as users_total,
  (select count(*) from users where created_at >= $1)::int as users_today,
  (select count(*) from sessions where expires_at > $2)::int as sessions_active,
  (select count(*) from sites)::int as sites_total,
  (select coalesce(sum(pv), 0) from rollup_site_totals
    where day between $3::date - 1 and $3::date + 1 and day = ($2::timestamptz at time zone timezone)::date)::bigint
    as events_today,
  (select coalesce(sum(balance + commission_balance), 0) from users
    where balance <> 0 or commission_balance <> 0)::text as balances_held,
  array(select (select count(*) from users where created_at >= b.s and created_at < b.e)::int
          from unnest($4::timestamptz[], $5::timestamptz[]) with ordinality as b(s, e, i) order by b.i) as new_users,
  array(select to_char(day, 'YYYY-MM-DD') || '=' || sum(pv) from rollup_site_totals
         where day >= $6::date and day <= $7::date group by day) as events`;

export class ConsoleRepository {
  constructor(private readonly db: Executor) {}

  /**
   * `todayStart`: when the console's today began; `utcDay`: today in UTC (every site's local today
   * is within a day of it); `dayStarts`: the chart's days as instants, one more than the days.
   */
  async read(opts: {
    now: Date;
    todayStart: Date;
    utcDay: string;
    dayStarts: Date[];
    firstDay: string;
    lastDay: string;
  }): Promise<CoreFigures & ConsoleCharts> {
    const iso = opts.dayStarts.map((d) => d.toISOString());
    const [row] = await this.db.query<Record<string, unknown>>(
      CORE_SQL,
      [
        opts.todayStart.toISOString(),
        opts.now.toISOString(),
        opts.utcDay,
        iso.slice(0, -1),
        iso.slice(1),
        opts.firstDay,
        opts.lastDay,
      ],
      'console-core',
    );
    const r = row ?? {};
    return {
      usersTotal: Number(r.users_total ?? 0),
      usersToday: Number(r.users_today ?? 0),
      sessionsActive: Number(r.sessions_active ?? 0),
      sitesTotal: Number(r.sites_total ?? 0),
      eventsToday: Number(r.events_today ?? 0),
      balancesHeld: BigInt(String(r.balances_held ?? '0')),
      newUsers: ((r.new_users as unknown[]) ?? []).map(Number),
      events: new Map(
        ((r.events as string[]) ?? []).map((pair) => {
          const [day, pv] = pair.split('=') as [string, string];
          return [day, Number(pv)];
        }),
      ),
    };
  }
}
