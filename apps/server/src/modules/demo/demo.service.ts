import { randomBytes } from 'node:crypto';
import { siteSaveBodySchema } from '@tally/contracts';
import { type DemoHit, demoDay, rng, visitsOnDay } from '../../lib/demo-traffic/demo-traffic.js';
import { localDay, zonedMidnight } from '../../lib/local-time.js';
import type { CollectService } from '../collect/collect.service.js';
import type { RollupsService } from '../rollups/rollups.service.js';
import type { AuthContext } from '../sessions/sessions.service.js';
import type { SitesService } from '../sites/sites.service.js';
import type { UsersService } from '../users/users.service.js';

export interface DemoOptions {
  sites: number;
  days: number;
  visitsPerDay: number;
  seed?: number;
  now?: Date;
  /** Owner of the demo sites: an existing account as it is, else a new plain user (see demoOwner). */
  ownerEmail?: string;
}

export interface DemoDeps {
  users: UsersService;
  sites: SitesService;
  collect: CollectService;
  rollups: RollupsService;
}

const DAY_MS = 86_400_000;

/**
 * Acting as the owner of generated sites. An existing account is used as it is: demo sites may go to
 * a real person's account, whose password, roles and sessions must survive. A missing one is created
 * as a plain user whose password nobody knows (`cli.js user --email …` sets one).
 */
export async function demoOwner(users: UsersService, email: string): Promise<AuthContext> {
  const userId =
    (await users.idByEmail(email)) ??
    (
      await users.upsertAccount({
        username: email.split('@')[0]!,
        email,
        password: randomBytes(18).toString('base64url'),
        roles: ['user'],
      })
    ).id;
  return { sessionId: 0, kind: 'user', userId, siteId: null, roles: ['user'], name: '', token: '' };
}

/** Stores generated hits through the real collect pipeline (validation, enrichment, visits). */
export function storeDemoHits(collect: CollectService, hits: DemoHit[]): Promise<number> {
  return collect.ingestMany(
    hits.map((h) => ({ payload: h.payload, ctx: { ip: h.ip, userAgent: h.ua, headers: {}, now: h.at } })),
  );
}

/**
 * Realistic traffic for N sites over D days (tests, benchmarks, the public /preview): it goes through
 * the real collect pipeline (validation, enrichment, visit assignment) and then the rollup job.
 */
export async function generateDemo(deps: DemoDeps, opts: DemoOptions) {
  const now = opts.now ?? new Date();
  const random = rng(opts.seed ?? 42);
  const email = opts.ownerEmail ?? 'demo@tally.local';
  const auth = await demoOwner(deps.users, email);
  const siteIds: number[] = [];
  let hits = 0;
  for (let s = 0; s < opts.sites; s++) {
    const host = `demo${s + 1}.tally.local`;
    const site = await deps.sites.save(
      auth,
      siteSaveBodySchema.parse({ name: `演示站点 ${s + 1}`, domains: [host] }),
    );
    siteIds.push(site.id);
    const pool: string[] = [];
    for (let d = opts.days - 1; d >= 0; d--) {
      const day = localDay(new Date(now.getTime() - d * DAY_MS), site.timezone);
      const dayStart = zonedMidnight(day, site.timezone);
      // Visits end by local midnight so each day's hits are written after the previous day's.
      const until = new Date(Math.min(now.getTime(), dayStart.getTime() + DAY_MS - 1));
      const visits = visitsOnDay(day, opts.visitsPerDay, random);
      const dayHits = demoDay({ key: site.tracking_key, host, dayStart, visits, pool, random, until });
      hits += await storeDemoHits(deps.collect, dayHits);
    }
  }
  await deps.rollups.refresh();
  return { ownerId: auth.userId!, ownerEmail: email, siteIds, hits };
}
