import { randomBytes } from 'node:crypto';
import type { Site, SiteAliasKind, SiteListQuery, SiteSaveBody, SiteSummary } from '@tally/contracts';
import { ERROR } from '@tally/contracts';
import type { Executor, Transactor } from '../../db/client.js';
import { type OwnerGuard, OwnerGuards } from '../../db/owner-guards.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import type { SiteRow } from '../../db/schema/index.js';
import { AppError, fieldError, notFound } from '../../lib/errors.js';
import { publicBase } from '../../lib/public-url.js';
import type { AuthContext, SessionsService } from '../sessions/sessions.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { GroupsRepository } from './groups.repository.js';
import { assertOwner, ownerFilter } from './site-access.js';
import type { NewSite, SitesRepository, SiteWithOwner } from './sites.repository.js';
import { snippetFor, trackerBase } from './snippet.js';

export interface SitesDeps {
  repo: SitesRepository;
  groups: GroupsRepository;
  sessions: SessionsService;
  settings: SettingsService;
  /** PUBLIC_URL when set (lib/public-url.ts decides which address is used). */
  publicUrl: string | undefined;
  /** The address for callers without a request (the CLI's demo, the preview): this machine's port. */
  localOrigin: string;
  db: Transactor;
  /** Removes a site's raw events, visits and rollups (owned by the rollups area), inside `tx`. */
  purgeSiteData(siteIds: number[], tx: Executor): Promise<void>;
  /** Today's and yesterday's totals per site (the rollups area). */
  dayTotals(sites: { id: number; timezone: string }[]): Promise<Map<number, Site['stats']>>;
}

const NO_TRAFFIC = { pv: 0, uv: 0, ip: 0 };

/** Refuses a new site by throwing (billing: the plan's site limit); see OwnerGuards. */
export type CreateGuard = OwnerGuard<AuthContext>;

export const toSummary = (s: Pick<SiteRow, 'id' | 'name' | 'domains'>): SiteSummary => ({
  id: s.id,
  name: s.name,
  domain: s.domains[0] ?? '',
});

const ALIAS_FIELD: Record<SiteAliasKind, string> = { umami: 'umami_ids', matomo: 'matomo_id' };

/** The alias lists a save replaces; a field left out of the body leaves that kind as it is. */
function aliasChanges(body: SiteSaveBody): Map<SiteAliasKind, string[]> {
  const out = new Map<SiteAliasKind, string[]>();
  if (body.umami_ids !== undefined) out.set('umami', [...new Set(body.umami_ids)]);
  if (body.matomo_id !== undefined) out.set('matomo', body.matomo_id === null ? [] : [body.matomo_id]);
  return out;
}

/** Two saves claiming one alias at once: the second meets the key, answered as the check would. */
function aliasTaken(err: unknown, aliases: Map<SiteAliasKind, string[]>): never {
  const [kind = 'umami'] = aliases.keys();
  if (isUniqueViolation(err, 'site_aliases_kind_value_pk'))
    throw fieldError(ALIAS_FIELD[kind], 'already used by another site');
  throw err;
}

/** Sites: the owner's CRUD, the admin's view of all, and what other areas need (user/info, collect). */
export class SitesService {
  private readonly listeners: ((siteId: number) => void)[] = [];
  private readonly createGuards = new OwnerGuards<AuthContext>();

  constructor(private readonly deps: SitesDeps) {}

  /** Caches of site rows (the collect endpoint's) subscribe to learn that a site changed. */
  onChange(listener: (siteId: number) => void): void {
    this.listeners.push(listener);
  }

  /**
   * Another area may refuse a new site (billing: the plan's site limit, a 422 naming plan and limit).
   * The save route creates with `{ guarded: true }`; the CLI's demo and the benchmarks are the
   * operator's own and are not asked.
   */
  onCreate(guard: CreateGuard): void {
    this.createGuards.add(guard);
  }

  /** Sites the user owns. */
  async countOwned(userId: number): Promise<number> {
    return this.deps.repo.countOwned(userId);
  }

  private changed(ids: number[]) {
    for (const id of ids) for (const l of this.listeners) l(id);
  }

  /** Where snippets and share links point, for a caller that reached us at `origin`. */
  private async publicBase(origin = this.deps.localOrigin): Promise<string> {
    return publicBase(await this.deps.settings.get('weburl'), this.deps.publicUrl, origin);
  }

  private async toSites(rows: SiteWithOwner[], origin?: string): Promise<Site[]> {
    const publicUrl = await this.publicBase(origin);
    const base = trackerBase(await this.deps.settings.get('tjDomains'), publicUrl);
    const stats = await this.deps.dayTotals(rows);
    const aliases = await this.deps.repo.aliasesOf(rows.map((r) => r.id));
    const aliasesOf = (id: number, kind: SiteAliasKind) =>
      aliases.filter((a) => a.siteId === id && a.kind === kind).map((a) => a.value);
    return rows.map((row) => ({
      ...toSummary(row),
      domains: row.domains,
      group_id: row.groupId,
      timezone: row.timezone,
      tracking_key: row.trackingKey,
      ignored_ips: row.ignoredIps,
      cookieless: row.cookieless,
      respect_dnt: row.respectDnt,
      mask_ip: row.maskIp,
      enabled: row.enabled,
      umami_ids: aliasesOf(row.id, 'umami'),
      matomo_id: aliasesOf(row.id, 'matomo')[0] ?? null,
      share: {
        enabled: row.shareToken !== null,
        token: row.shareToken,
        url: row.shareToken ? `${publicUrl}/share?token=${encodeURIComponent(row.shareToken)}` : null,
        has_password: row.sharePasswordHash !== null,
      },
      owner_id: row.userId,
      owner_name: row.ownerName,
      created_at: row.createdAt.toISOString(),
      snippet: snippetFor(row, base),
      stats: stats.get(row.id) ?? { today: NO_TRAFFIC, yesterday: NO_TRAFFIC },
    }));
  }

  async list(auth: AuthContext, q: SiteListQuery, origin?: string) {
    const found = await this.deps.repo.list(
      { userId: ownerFilter(auth), groupId: q.group_id, keyword: q.keyword },
      q,
    );
    return { ...found, list: await this.toSites(found.list, origin) };
  }

  async get(auth: AuthContext, id: number, origin?: string): Promise<Site> {
    const [site] = await this.toSites([assertOwner(auth, await this.deps.repo.findById(id), 'site')], origin);
    return site!;
  }

  /** Owned site row, for the share and group services. */
  async owned(auth: AuthContext, id: number): Promise<SiteWithOwner> {
    return assertOwner(auth, await this.deps.repo.findById(id), 'site');
  }

  private async checkGroup(groupId: number | null, ownerId: number): Promise<void> {
    if (groupId === null) return;
    const group = await this.deps.groups.findById(groupId);
    if (!group || group.userId !== ownerId) throw fieldError('group_id', 'no such group');
  }

  async save(
    auth: AuthContext,
    body: SiteSaveBody,
    origin?: string,
    opts: { guarded?: boolean } = {},
  ): Promise<Site> {
    const values = {
      name: body.name,
      domains: [...new Set(body.domains)],
      groupId: body.group_id,
      timezone: body.timezone,
      ignoredIps: [...new Set(body.ignored_ips)],
      cookieless: body.cookieless,
      respectDnt: body.respect_dnt,
      maskIp: body.mask_ip,
      enabled: body.enabled,
    };
    const aliases = aliasChanges(body);
    await this.checkAliases(aliases, body.id);
    if (body.id === undefined) {
      const userId = auth.userId!;
      await this.checkGroup(values.groupId, userId);
      const site = { ...values, userId, trackingKey: randomBytes(12).toString('base64url') };
      const row = await this.deps.db
        .transaction(async (tx) => {
          const repo = this.deps.repo.in(tx);
          const inserted = opts.guarded ? await this.insertGuarded(auth, site, tx) : await repo.insert(site);
          for (const [kind, list] of aliases) await repo.replaceAliases(inserted.id, kind, list);
          return inserted;
        })
        .catch((err) => aliasTaken(err, aliases));
      this.changed([row.id]);
      return this.get(auth, row.id, origin);
    }
    const existing = await this.owned(auth, body.id);
    await this.checkGroup(values.groupId, existing.userId);
    await this.deps.db
      .transaction(async (tx) => {
        const repo = this.deps.repo.in(tx);
        await repo.update(existing.id, values);
        for (const [kind, list] of aliases) await repo.replaceAliases(existing.id, kind, list);
      })
      .catch((err) => aliasTaken(err, aliases));
    this.changed([existing.id]);
    return this.get(auth, existing.id, origin);
  }

  /** An alias names one site: one another site answers to already is refused by its field (422). */
  private async checkAliases(aliases: Map<SiteAliasKind, string[]>, siteId: number | undefined) {
    for (const [kind, list] of aliases) {
      if ((await this.deps.repo.aliasesTaken(kind, list, siteId)).length > 0)
        throw fieldError(ALIAS_FIELD[kind], 'already used by another site');
    }
  }

  /** The site another analytics tool's client names (collect's compat protocols); the caller caches. */
  findByAlias(kind: SiteAliasKind, value: string): Promise<SiteRow | undefined> {
    return this.deps.repo.findByAlias(kind, value);
  }

  /** Count and insert in one transaction, the owner's row locked first (OwnerGuards). */
  private async insertGuarded(auth: AuthContext, site: NewSite, tx: Executor): Promise<SiteRow> {
    const repo = this.deps.repo.in(tx);
    await this.createGuards.check(tx, auth, site.userId, () => repo.countOwned(site.userId));
    return repo.insert(site);
  }

  async setEnabled(auth: AuthContext, id: number, enabled: boolean): Promise<void> {
    const site = await this.owned(auth, id);
    await this.deps.repo.update(site.id, { enabled });
    this.changed([site.id]);
  }

  async delete(auth: AuthContext, ids: number[]): Promise<void> {
    const rows = await this.deps.repo.findByIds(ids);
    for (const id of ids)
      assertOwner(
        auth,
        rows.find((r) => r.id === id),
        'site',
      );
    // Share-link sessions, traffic and the rows go together or not at all.
    await this.deps.db.transaction(async (tx) => {
      for (const id of ids) await this.deps.sessions.revokeClientsOfSite(id, tx);
      await this.deps.purgeSiteData(ids, tx);
      await this.deps.repo.in(tx).delete(ids);
    });
    this.changed(ids);
  }

  /** The collect endpoint's lookup; the caller caches. */
  findByTrackingKey(key: string): Promise<SiteRow | undefined> {
    return this.deps.repo.findByTrackingKey(key);
  }

  /** `user/info`: a user's own sites; admins see every site. */
  async sitesOfUser(userId: number, admin: boolean): Promise<SiteSummary[]> {
    return (await this.deps.repo.summaries(admin ? undefined : userId)).map(toSummary);
  }

  /**
   * The site a report call reads: a share-link client's own (it names no other), or the selected site
   * the caller may read. No selection is HTTP 501, which sends the browser to /sites/select.
   */
  async readable(auth: AuthContext, siteId: number | undefined): Promise<SiteRow> {
    if (auth.kind === 'client') {
      if (siteId !== undefined && siteId !== auth.siteId) throw notFound('site not found');
      const row = auth.siteId === null ? undefined : await this.deps.repo.findById(auth.siteId);
      if (!row) throw notFound('site not found');
      return row;
    }
    if (siteId === undefined) throw new AppError(ERROR.SITE_NOT_SELECTED, 501, 'No site selected');
    return this.owned(auth, siteId);
  }

  /** Every site the caller may read (admins: all), for the all-sites report. */
  readableList(auth: AuthContext) {
    return this.deps.repo.summaries(ownerFilter(auth));
  }

  /** A site row by id, for server-side callers that already decided access (the public preview). */
  row(id: number): Promise<SiteRow | undefined> {
    return this.deps.repo.findById(id);
  }

  async siteOfClient(siteId: number): Promise<SiteSummary | undefined> {
    const row = await this.deps.repo.findById(siteId);
    return row && toSummary(row);
  }
}
