import { randomInt } from 'node:crypto';
import {
  type AuditAction,
  SHORT_CODE_GENERATED_LENGTH,
  SHORT_LINK_PREFIX,
  SHORT_TARGET_MAX,
  type ShortLink,
  type ShortLinkCount,
  type ShortLinkDetail,
  type ShortLinkPage,
  type ShortLinkStats,
  type shortLinkFetchQuerySchema,
  type shortLinkSaveBodySchema,
} from '@tally/contracts';
import type { z } from 'zod';
import type { Transactor } from '../../db/client.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import { fieldError, notFound } from '../../lib/errors.js';
import type { Actor, AuditService } from '../audit/audit.service.js';
import type { ClickRecorder } from './click-recorder.js';
import type { LinkInvalidation } from './link-invalidation.js';
import type { CachedLink, RedirectCache } from './redirect-cache.js';
import type { Counted, ShortLinksRepository, ShortLinkWithCreator } from './short-links.repository.js';

/**
 * A target as the URL parser writes it (`new URL(x).href`): host lower-cased and in punycode, path and
 * query percent-encoded. Stored as typed, `https://例子.测试/路径` went into the redirect's Location header
 * as is, which HTTP cannot carry (a 500 on every click), and two spellings of one address looked apart.
 */
function storedTarget(typed: string): string {
  const href = new URL(typed).href;
  if (href.length > SHORT_TARGET_MAX) throw fieldError('target', `at most ${SHORT_TARGET_MAX} characters`);
  return href;
}

type FetchQuery = z.output<typeof shortLinkFetchQuerySchema>;
type SaveBody = z.output<typeof shortLinkSaveBodySchema>;

/** The request facts a redirect records. */
export interface RedirectRequest {
  ip: string;
  userAgent: string | undefined;
  referrer: string | undefined;
  headers: Record<string, string | string[] | undefined>;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const DAY_MS = 86_400_000;

const generateCode = () =>
  Array.from({ length: SHORT_CODE_GENERATED_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** Whether a cached link redirects now: on, unexpired and under its visit limit. */
export function isLive(link: CachedLink | null, now: number): link is CachedLink {
  if (!link?.enabled) return false;
  if (link.expiresAt && link.expiresAt.getTime() <= now) return false;
  return link.maxVisits === null || link.clicks + link.pending < link.maxVisits;
}

export class ShortLinksService {
  constructor(
    private readonly repo: ShortLinksRepository,
    private readonly audit: AuditService,
    private readonly db: Transactor,
    private readonly cache: RedirectCache,
    private readonly invalidation: LinkInvalidation,
    private readonly clicks: ClickRecorder,
    /** The collect pipeline's drop rules (bots, prefetches): such requests redirect but do not count. */
    private readonly uncounted: (r: RedirectRequest) => string | undefined,
  ) {}

  // Redirects

  /**
   * The target of a live code, its click recorded (not awaited: the batch writes it later), or null.
   * A code seen before answers without a promise, straight from the cache.
   */
  resolve(code: string, request: RedirectRequest): string | null | Promise<string | null> {
    const found = this.cache.get(code);
    if (found instanceof Promise) return found.then((link) => this.redirect(link, request));
    return this.redirect(found, request);
  }

  private redirect(link: CachedLink | null, request: RedirectRequest): string | null {
    const now = Date.now();
    if (!isLive(link, now)) return null;
    if (!this.uncounted(request)) {
      this.clicks.record({
        link,
        at: now,
        ip: request.ip,
        userAgent: request.userAgent ?? '',
        referrer: request.referrer ?? '',
      });
    }
    return link.target;
  }

  /** Resolves once every click answered so far is committed. */
  clicksSettled(): Promise<void> {
    return this.clicks.settled();
  }

  // Back office

  async list(query: FetchQuery): Promise<ShortLinkPage> {
    const enabled = query.status === undefined ? undefined : query.status === '1';
    const page = await this.repo.list({ keyword: query.keyword, enabled }, query);
    return { ...page, list: page.list.map(toShortLink) };
  }

  async detail(id: number, days: number): Promise<ShortLinkDetail> {
    return { ...(await this.get(id)), stats: await this.stats(id, days) };
  }

  private async get(id: number, repo = this.repo): Promise<ShortLink> {
    const row = await repo.findById(id);
    if (!row) throw notFound('Short link not found');
    return toShortLink(row);
  }

  private async stats(id: number, days: number): Promise<ShortLinkStats> {
    const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
    const from = new Date(today - (days - 1) * DAY_MS);
    const fromDay = from.toISOString().slice(0, 10);
    const [byDay, areas, referrers, devices, browsers] = await Promise.all([
      this.repo.clicksByDay(id, fromDay),
      this.repo.top(id, 'area', fromDay),
      this.repo.top(id, 'referrer', fromDay),
      this.repo.top(id, 'device', fromDay),
      this.repo.top(id, 'browser', fromDay),
    ]);
    const counted = new Map(byDay.map((d) => [d.key, d.clicks]));
    const everyDay = Array.from({ length: days }, (_, i) => {
      const day = new Date(from.getTime() + i * DAY_MS).toISOString().slice(0, 10);
      return { day, clicks: counted.get(day) ?? 0 };
    });
    return {
      days: everyDay,
      areas: top(areas),
      referrers: top(referrers),
      devices: top(devices),
      browsers: top(browsers),
    };
  }

  /** Creates (a generated code when none is given) or updates; a taken code is a field error. */
  save(body: SaveBody, actor: Actor): Promise<ShortLink> {
    return this.change<ShortLink>(actor, async (repo, record) => {
      const existing = body.id ? await repo.findById(body.id) : undefined;
      if (body.id && !existing) throw notFound('Short link not found');
      const code = body.code || existing?.code || (await this.freeCode(repo));
      if (await repo.codeTaken(code, existing?.id)) throw fieldError('code', 'already taken');
      const values = {
        code,
        target: storedTarget(body.target),
        title: body.title,
        enabled: body.status,
        expiresAt: body.expires_at ? new Date(body.expires_at) : null,
        maxVisits: body.max_visits,
      };
      const id = existing ? existing.id : await repo.insert({ ...values, createdBy: actor.userId });
      if (existing) await repo.update(id, values);
      const saved = await this.get(id, repo);
      await record(existing ? 'short_links.update' : 'short_links.create', `short_link:${id}`, saved);
      // The old code stops redirecting when a link is renamed; both are dropped everywhere.
      return { result: saved, codes: existing && existing.code !== code ? [existing.code, code] : [code] };
    }).catch((err: unknown) => {
      // Two admins saving one code at once: the unique index refuses the second.
      if (isUniqueViolation(err)) throw fieldError('code', 'already taken');
      throw err;
    });
  }

  delete(ids: number[], actor: Actor): Promise<{ deleted: number[] }> {
    return this.change(actor, async (repo, record) => {
      const deleted = await repo.delete(ids);
      if (deleted.length > 0)
        await record('short_links.delete', `short_links:${deleted.map((d) => d.id).join(',')}`, {
          codes: deleted.map((d) => d.code),
        });
      return { result: { deleted: deleted.map((d) => d.id) }, codes: deleted.map((d) => d.code) };
    });
  }

  setStatus(id: number, enabled: boolean, actor: Actor): Promise<ShortLink> {
    return this.change(actor, async (repo, record) => {
      if (!(await repo.update(id, { enabled }))) throw notFound('Short link not found');
      const saved = await this.get(id, repo);
      await record('short_links.status', `short_link:${id}`, { code: saved.code, status: saved.status });
      return { result: saved, codes: [saved.code] };
    });
  }

  /**
   * A change, its audit row and the cache drop of the codes it touched, in one transaction; answers
   * once every process has been told (see LinkInvalidation), so the next redirect anywhere sees it.
   */
  private async change<T>(
    actor: Actor,
    fn: (
      repo: ShortLinksRepository,
      record: (action: AuditAction, target: string, after: unknown) => Promise<void>,
    ) => Promise<{ result: T; codes: string[] }>,
  ): Promise<T> {
    const { result, told } = await this.db.transaction(async (tx) => {
      const repo = this.repo.in(tx);
      const out = await fn(repo, (action, target, after) =>
        this.audit.record({ actorId: actor.userId, action, target, ip: actor.ip, after }, tx),
      );
      return { result: out.result, told: await this.invalidation.announce(tx, repo, out.codes) };
    });
    await told();
    return result;
  }

  /** A random code nobody holds (a collision at 62^7 is rare; a few tries settle it). */
  private async freeCode(repo: ShortLinksRepository): Promise<string> {
    for (let i = 0; i < 5; i++) {
      const code = generateCode();
      if (!(await repo.codeTaken(code))) return code;
    }
    throw fieldError('code', 'already taken');
  }

  async start(): Promise<void> {
    await this.invalidation.start();
  }

  /** Writes the clicks still queued, then stops listening. */
  async close(): Promise<void> {
    await this.clicks.close();
    await this.invalidation.close();
  }
}

function top(rows: Counted[]): ShortLinkCount[] {
  return rows.map((r) => ({ key: r.key ?? '', clicks: Number(r.clicks) }));
}

function toShortLink(row: ShortLinkWithCreator): ShortLink {
  return {
    id: row.id,
    code: row.code,
    path: `${SHORT_LINK_PREFIX}${row.code}`,
    target: row.target,
    title: row.title,
    status: row.enabled ? 1 : 0,
    expires_at: row.expiresAt?.toISOString() ?? null,
    max_visits: row.maxVisits,
    clicks: Number(row.clicks),
    created_by: row.createdBy,
    created_by_name: row.creatorName ?? '',
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
