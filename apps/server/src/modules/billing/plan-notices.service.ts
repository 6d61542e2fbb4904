import type { MailContent, MailService } from '../mail/mail.service.js';
import type { Notices } from '../telegram/notices.service.js';
import { expiryMail, quotaMail } from './plan-notice-mails.js';
import { DAY_MS } from './pricing.js';
import { monthOf, type NoticeKind, type UsageRepository } from './usage.repository.js';

/** The reminder goes this long before a paid term ends. */
export const EXPIRY_NOTICE_DAYS = 3;
/** The first quota mail, in percent of the plan's monthly page views; the second is at 100 %. */
export const QUOTA_WARN_PERCENT = 80;

/**
 * The `billing.plan-notices` job: mails at 80 % and 100 % of the monthly page-view quota (once each
 * per user and month) and a reminder before a paid term ends (once per term). Each notice is claimed
 * in `plan_notices` (primary key user, kind, key) before its mail is queued, so concurrent runs on
 * several workers send it once. Nothing here limits collection: over the quota, page views are stored.
 */
export class PlanNoticesService {
  constructor(
    private readonly usage: UsageRepository,
    private readonly mail: MailService,
    private readonly notices: Pick<Notices, 'tell'>,
    private readonly clock: () => Date,
  ) {}

  /** One run; how many mails it queued. */
  async run(): Promise<number> {
    const now = this.clock();
    return (await this.quota(now)) + (await this.expiry(now));
  }

  private async quota(now: Date): Promise<number> {
    const month = monthOf(now);
    const title = await this.mail.title();
    let sent = 0;
    for (const use of await this.usage.atQuota(month, now, QUOTA_WARN_PERCENT)) {
      const full = use.pageviews >= use.quota;
      // Past 100 % at the first look: the 100 % mail only, and the 80 % one is not sent later.
      if (full) await this.usage.claimNotice(use.userId, 'quota_80', month.key);
      const kind = full ? 'quota_100' : 'quota_80';
      if (!(await this.send(use.userId, kind, month.key, quotaMail(use, full, month.key, title)))) continue;
      sent++;
      // A linked Telegram account hears it too (queued once, with the claim; never throws).
      await this.notices.tell(use.userId, { kind, month: month.key, used: use.pageviews, limit: use.quota });
    }
    return sent;
  }

  private async expiry(now: Date): Promise<number> {
    let sent = 0;
    const until = new Date(now.getTime() + EXPIRY_NOTICE_DAYS * DAY_MS);
    const title = await this.mail.title();
    for (const term of await this.usage.endingBetween(now, until))
      if (await this.send(term.userId, 'expiry', term.expiresAt.toISOString(), expiryMail(term, title)))
        sent++;
    return sent;
  }

  /** Claims the notice, then queues its mail; a mail that could not be queued gives the claim back. */
  private async send(userId: number, kind: NoticeKind, key: string, mail: MailContent): Promise<boolean> {
    if (!(await this.usage.claimNotice(userId, kind, key))) return false;
    try {
      await this.mail.send(mail);
    } catch (err) {
      await this.usage.releaseNotice(userId, kind, key);
      throw err;
    }
    return true;
  }
}
