import type { Executor } from '../../db/client.js';

/** An owner at or past a share of the monthly page-view quota, with what the mail needs. */
export interface QuotaUse {
  userId: number;
  email: string;
  language: string | null;
  pageviews: number;
  quota: number;
  planNameZh: string;
  planNameEn: string;
}

/** A paid term ending soon, with what the reminder needs. */
export interface EndingTerm {
  userId: number;
  email: string;
  language: string | null;
  expiresAt: Date;
  planNameZh: string;
  planNameEn: string;
}

/**
 * What a user uses against the plan's limits. Reads the sites', rollups' and bots' tables (read only):
 * the job asks about every owner in one statement instead of one call per owner and area.
 * A month's page views are the sites' daily rollup totals (`dim = 'site'`) of the month's days, each
 * site's days in its own time zone; the daily rollups follow collection within a few minutes.
 */
export class UsageRepository {
  constructor(private readonly db: Executor) {}

  async monthPageviews(userId: number, month: MonthRange): Promise<number> {
    const [row] = await this.db.query<{ pv: string }>(
      `select coalesce(sum(d.pv), 0)::text as pv
         from rollup_daily d join sites s on s.id = d.site_id
        where s.user_id = $1 and d.dim = 'site' and d.key = '' and d.day >= $2::date and d.day < $3::date`,
      [userId, month.first, month.next],
    );
    return Number(row?.pv ?? 0);
  }

  async bots(userId: number): Promise<number> {
    const [row] = await this.db.query<{ n: number }>(
      'select count(*)::int as n from telegram_bots where user_id = $1',
      [userId],
    );
    return Number(row?.n ?? 0);
  }

  /**
   * Owners (admins aside: they are not limited) whose month's page views reached `percent` % of the
   * quota of the plan that applies at `now`: the running paid one, else the free plan. Not those
   * already told what they would be told now (their claim for the month's 80 % or 100 % notice is
   * there): a run every 10 minutes then touches only owners with news, not every owner over quota.
   */
  async atQuota(month: MonthRange, now: Date, percent: number): Promise<QuotaUse[]> {
    const rows = await this.db.query<Record<string, unknown>>(
      // Per site through the rollups' primary key (site_id, dim, day, key): a range of at most 31 rows
      // each, instead of a scan of every dimension's rows of the month.
      `with used as (
         select s.user_id, sum(m.pv) as pv
           from sites s
           cross join lateral (
             select coalesce(sum(d.pv), 0) as pv from rollup_daily d
              where d.site_id = s.id and d.dim = 'site' and d.key = '' and d.day >= $1::date and d.day < $2::date
           ) m
          group by s.user_id)
       select u.id, u.email, u.language, used.pv::text as pv, p.monthly_pageviews::text as quota,
              p.name_zh, p.name_en
         from used
         join users u on u.id = used.user_id
         left join subscriptions sub on sub.user_id = u.id and (sub.expires_at is null or sub.expires_at > $3)
         join plans p on p.id = coalesce(sub.plan_id, (select id from plans where is_free))
        where not ('admin' = any(u.roles)) and used.pv * 100 >= $4 * p.monthly_pageviews
          and not exists (
            select 1 from plan_notices n
             where n.user_id = u.id and n.key = $5
               and n.kind = case when used.pv >= p.monthly_pageviews then 'quota_100' else 'quota_80' end)`,
      [month.first, month.next, now.toISOString(), percent, month.key],
    );
    return rows.map((r) => ({
      userId: Number(r.id),
      email: String(r.email),
      language: (r.language as string | null) ?? null,
      pageviews: Number(r.pv),
      quota: Number(r.quota),
      planNameZh: String(r.name_zh),
      planNameEn: String(r.name_en),
    }));
  }

  /** Paid terms that end in (now, until]. */
  async endingBetween(now: Date, until: Date): Promise<EndingTerm[]> {
    const rows = await this.db.query<Record<string, unknown>>(
      `select u.id, u.email, u.language, sub.expires_at, p.name_zh, p.name_en
         from subscriptions sub
         join users u on u.id = sub.user_id
         join plans p on p.id = sub.plan_id
        where not p.is_free and sub.expires_at > $1 and sub.expires_at <= $2`,
      [now.toISOString(), until.toISOString()],
    );
    return rows.map((r) => ({
      userId: Number(r.id),
      email: String(r.email),
      language: (r.language as string | null) ?? null,
      expiresAt: new Date(r.expires_at as string),
      planNameZh: String(r.name_zh),
      planNameEn: String(r.name_en),
    }));
  }

  /**
   * Claims a notice: true when this call wrote the row (and so sends the mail), false when it was
   * claimed before, by this worker or another.
   */
  async claimNotice(userId: number, kind: NoticeKind, key: string): Promise<boolean> {
    const rows = await this.db.query(
      'insert into plan_notices (user_id, kind, key) values ($1, $2, $3) on conflict do nothing returning user_id',
      [userId, kind, key],
    );
    return rows.length > 0;
  }

  /** Gives a claim back when its mail could not be queued, so the next run tries again. */
  async releaseNotice(userId: number, kind: NoticeKind, key: string): Promise<void> {
    await this.db.query('delete from plan_notices where user_id = $1 and kind = $2 and key = $3', [
      userId,
      kind,
      key,
    ]);
  }
}

export type NoticeKind = 'quota_80' | 'quota_100' | 'expiry';

/** A calendar month as `YYYY-MM` and the first days of it and of the next month. */
export interface MonthRange {
  key: string;
  first: string;
  next: string;
}

/** The UTC calendar month of `now`. */
export function monthOf(now: Date): MonthRange {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const day = (year: number, month: number) => new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
  return { key: day(y, m).slice(0, 7), first: day(y, m), next: day(y, m + 1) };
}
