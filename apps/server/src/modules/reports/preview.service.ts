import { siteSaveBodySchema } from '@tally/contracts';
import type { SiteRow } from '../../db/schema/index.js';
import { demoDay, rng, visitsOnDay } from '../../lib/demo-traffic/demo-traffic.js';
import { addDays, localDay, zonedMidnight } from '../../lib/local-time.js';
import { daysBetween } from '../../lib/period.js';
import type { CollectService } from '../collect/collect.service.js';
import { demoOwner, storeDemoHits } from '../demo/demo.service.js';
import type { RollupsService } from '../rollups/rollups.service.js';
import type { SitesService } from '../sites/sites.service.js';
import type { UsersService } from '../users/users.service.js';
import type { RawReportsRepository } from './raw.repository.js';
import type { ReportSite } from './report-site.js';

export interface PreviewOptions {
  /** Days of history the demo site starts with (and keeps topping up). */
  days: number;
  visitsPerDay: number;
  /** Owner of the demo site, an account nobody knows the password of. */
  email: string;
  now?: () => Date;
}

export const PREVIEW_DEFAULTS: PreviewOptions = { days: 30, visitsPerDay: 100, email: 'preview@tally.local' };

export interface PreviewDeps {
  users: UsersService;
  sites: SitesService;
  collect: CollectService;
  rollups: RollupsService;
  raw: RawReportsRepository;
}

const HOST = 'preview.tally.local';
/** Traffic is added in steps: the preview is a demonstration, minutes behind is fine. */
const TOP_UP_MS = 5 * 60_000;
const DAY_MS = 86_400_000;

/** A day's traffic depends only on its date, so a day filled in several steps is the same day. */
function daySeed(day: string): number {
  return Number(day.replace(/-/g, ''));
}

/**
 * The public /preview reads one generated demo site. It is created on first use with `days` of
 * traffic through the real collect pipeline, then topped up as time passes, so today fills up as the
 * day goes on (the first minutes after local midnight may still be empty).
 * Preview routes resolve to this site alone, whatever the request names.
 */
export class PreviewService {
  private site?: SiteRow;
  private filledTo?: Date;
  private work?: Promise<ReportSite>;

  constructor(
    private readonly deps: PreviewDeps,
    private readonly opts: PreviewOptions = PREVIEW_DEFAULTS,
  ) {}

  private now(): Date {
    return this.opts.now?.() ?? new Date();
  }

  async current(): Promise<ReportSite> {
    if (this.site && this.filledTo && this.now().getTime() - this.filledTo.getTime() < TOP_UP_MS)
      return this.site;
    // One fill at a time; callers arriving meanwhile wait for it.
    this.work ??= this.refresh().finally(() => {
      this.work = undefined;
    });
    return this.work;
  }

  private async refresh(): Promise<ReportSite> {
    const now = this.now();
    const site = this.site ?? (await this.findOrCreate());
    const earliest = new Date(
      zonedMidnight(addDays(localDay(now, site.timezone), 1 - this.opts.days), site.timezone).getTime() - 1,
    );
    const last = this.filledTo ?? (await this.deps.raw.lastEventAt(site.id));
    const after = last && last > earliest ? last : earliest;
    await this.fill(site, after, now);
    this.site = site;
    this.filledTo = now;
    return site;
  }

  private async findOrCreate(): Promise<SiteRow> {
    const auth = await demoOwner(this.deps.users, this.opts.email);
    const existing = await this.deps.sites.sitesOfUser(auth.userId!, false);
    const row = existing[0] && (await this.deps.sites.row(existing[0].id));
    if (row) return row;
    const site = await this.deps.sites.save(
      auth,
      siteSaveBodySchema.parse({ name: '演示站点', domains: [HOST] }),
    );
    const created = await this.deps.sites.row(site.id);
    if (!created) throw new Error('the preview site vanished');
    return created;
  }

  /** Generates each local day touched by (after, until] in full and stores the hits inside that span. */
  private async fill(site: SiteRow, after: Date, until: Date): Promise<void> {
    const first = localDay(after, site.timezone);
    const days = daysBetween(first, localDay(until, site.timezone));
    let stored = 0;
    for (let i = 0; i <= days; i++) {
      const day = addDays(first, i);
      const dayStart = zonedMidnight(day, site.timezone);
      const random = rng(daySeed(day));
      const hits = demoDay({
        key: site.trackingKey,
        host: HOST,
        dayStart,
        visits: visitsOnDay(day, this.opts.visitsPerDay, random),
        pool: [],
        random,
        until: new Date(dayStart.getTime() + DAY_MS - 1),
      }).filter((h) => h.at > after && h.at <= until);
      stored += await storeDemoHits(this.deps.collect, hits);
    }
    if (stored > 0) await this.deps.rollups.refresh();
  }
}
