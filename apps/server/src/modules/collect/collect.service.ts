import type { HitDropReason } from '@tally/contracts';
import { isUnexecuted } from '../../db/pg-errors.js';
import type { SiteRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { localDay } from '../../lib/local-time.js';
import { collectMetrics } from '../../lib/metrics.js';
import type { SitesService } from '../sites/sites.service.js';
import { BatchWriter, isRefusedData, type WriteResult } from './batch-writer.js';
import { type CollectPayload, collectPayloadSchema } from './collect.schema.js';
import { DropLog } from './drop-log.js';
import { ipMatcher, maskIp, normaliseIp } from './enrich/ip-rules.js';
import { isBotUserAgent } from './enrich/user-agent.js';
import { type RequestSource, requestSource, visitSource } from './enrich/visit-source.js';
import { GroupCommit, type GroupCommitOptions, QueueFullError } from './group-commit.js';
import type { IngestRepository } from './ingest.repository.js';
import { SiteCache } from './site-cache.js';
import { VisitorIds } from './visitor-id.js';
import type { IncomingEvent } from './visits.js';

/** What `describe` tells of a request (short links record it with each click). */
export type { RequestSource };

/** The `x-tally-dropped` reasons (the contracts' HIT_DROP_REASONS but `disabled`, which answers 400). */
export type DropReason = Exclude<HitDropReason, 'disabled'>;
/** A stored hit names the visitor and visit it went to (Umami answers them as `sessionId` / `visitId`). */
export type CollectOutcome =
  | { stored: true; visitor?: string; visitId?: number }
  | { stored: false; dropped: DropReason };

/** How a compatible protocol's hit differs from Tally's own tracker's. */
export interface HitOptions {
  /** The page's fragment, whatever it holds, is part of its path (Plausible's hash mode). */
  hashPath?: boolean;
}

export interface HitContext {
  ip: string;
  userAgent: string | undefined;
  headers: Record<string, string | string[] | undefined>;
  /** Server receive time: client clocks are not trusted. */
  now?: Date;
}

const badRequest = (message: string) => new AppError('BAD_REQUEST', 400, message);

function header(headers: HitContext['headers'], name: string): string {
  const v = headers[name];
  return (Array.isArray(v) ? v.join(',') : v) ?? '';
}

/** Browsers mark speculative loads; such a page view may never be seen. */
function isPrefetch(headers: HitContext['headers']): boolean {
  return /prefetch|prerender/i.test(
    `${header(headers, 'sec-purpose')} ${header(headers, 'purpose')} ${header(headers, 'x-moz')}`,
  );
}

/**
 * The page's path for reports; SPA hash routes (`#/about`, `#!/about`) are part of it, and any
 * fragment is when the client says the site routes by hash (`hashPath`).
 */
function pagePath(url: URL, hashPath = false): string {
  const hashRoute = hashPath || /^#!?\//.test(url.hash) ? url.hash : '';
  return (url.pathname + hashRoute).slice(0, 1024);
}

function parseJson(raw: unknown): unknown {
  if (typeof raw !== 'string' || raw.length === 0) throw badRequest('empty body');
  try {
    return JSON.parse(raw);
  } catch {
    throw badRequest('malformed JSON');
  }
}

function validate(json: unknown): CollectPayload {
  const result = collectPayloadSchema.safeParse(json);
  if (!result.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of result.error.issues) {
      const field = issue.path.join('.') || 'body';
      errors[field] = [...(errors[field] ?? []), issue.message];
    }
    throw new AppError('VALIDATION', 422, 'invalid hit', errors);
  }
  return result.data;
}

/**
 * The batch writer isolates a hit the database refuses (see BatchWriter.write): that hit alone gets
 * a 422, as a schema error would; anything else stays a server error.
 */
function refusedHit(err: unknown): never {
  if (isRefusedData(err)) throw new AppError('VALIDATION', 422, 'invalid hit: the database refused a value');
  if (err instanceof QueueFullError)
    throw new AppError('INTERNAL', 503, 'too many hits waiting to be stored', undefined, {
      'retry-after': '5',
    });
  throw err;
}

/**
 * While the database is away (a restart takes a second or two), a batch that wrote nothing is written
 * again for up to 10 s, its hits waiting unanswered; up to 2,000 more hits per lane wait behind it,
 * and beyond that a hit is answered 503 at once, so the memory held stays bounded.
 */
export const COLLECT_COMMIT: GroupCommitOptions = {
  maxBatch: 500,
  maxWaitMs: 2,
  maxPending: 2000,
  retryable: isUnexecuted,
  retryForMs: 10_000,
};

/**
 * The collect pipeline: validate, drop what must not count, enrich, and hand the hit to the group
 * commit. `collect` resolves only when the hit's batch is committed, so a 2xx means stored.
 */
export class CollectService {
  /** Independent commit lanes; a visitor always uses the same lane, so its hits stay in order. */
  private readonly lanes: GroupCommit<IncomingEvent, boolean>[];
  private readonly cache: SiteCache;
  private readonly visitors: VisitorIds;
  private readonly writer: BatchWriter;
  /** Matchers live as long as the cached site row they were built from. */
  private readonly matchers = new WeakMap<SiteRow, (ip: string) => boolean>();
  /** Recent hits not counted, per site (sites.firstHit tells a new site's owner why). */
  readonly drops = new DropLog();

  constructor(
    ingest: IngestRepository,
    sites: SitesService,
    commit: GroupCommitOptions = COLLECT_COMMIT,
    /** Batches in flight at once, each with its own visitors (see collect.module.ts for the choice). */
    lanes = 1,
  ) {
    this.cache = new SiteCache((key) => sites.findByTrackingKey(key));
    sites.onChange((id) => this.cache.evictSite(id));
    this.visitors = new VisitorIds((day, candidate) => ingest.saltFor(day, candidate));
    this.writer = new BatchWriter(ingest);
    this.lanes = Array.from(
      { length: lanes },
      () => new GroupCommit((batch) => this.writeBatch(batch), { onBatch: collectMetrics.batch, ...commit }),
    );
  }

  async collect(raw: unknown, ctx: HitContext): Promise<CollectOutcome> {
    return this.collectParsed(parseJson(raw), ctx);
  }

  /**
   * A hit already decoded from its body: the other trackers' protocols (compat-*.ts) translate theirs
   * into Tally's shape and come in here, through the same validation, drops, enrichment and commit.
   */
  async collectParsed(json: unknown, ctx: HitContext, options: HitOptions = {}): Promise<CollectOutcome> {
    const event = await this.prepare(validate(json), ctx, options);
    if (typeof event === 'string') return collectMetrics.answered({ stored: false, dropped: event });
    const stored = await this.laneOf(event).submit(event).catch(refusedHit);
    if (!stored) this.drops.record(event.siteId, 'orphan');
    return collectMetrics.answered<CollectOutcome>(
      stored
        ? { stored: true, visitor: event.visitor, visitId: event.visitId }
        : { stored: false, dropped: 'orphan' },
    );
  }

  /**
   * Bulk path for generated traffic (demo data, benchmark seeding): the same validation, drops and
   * enrichment, written in the given (time) order in large batches instead of request-paced ones.
   */
  async ingestMany(hits: { payload: unknown; ctx: HitContext }[], batchSize = 1000): Promise<number> {
    let stored = 0;
    for (let i = 0; i < hits.length; i += batchSize) {
      const events: IncomingEvent[] = [];
      for (const h of hits.slice(i, i + batchSize)) {
        const event = await this.prepare(validate(h.payload), h.ctx);
        if (typeof event !== 'string') events.push(event);
      }
      stored += (await this.writer.write(events)).filter((r) => r === true).length;
    }
    return stored;
  }

  /**
   * The drop rules that need no site, for requests counted outside a site (short-link clicks): why
   * the request must not count, or undefined when it counts.
   */
  uncounted(ctx: Omit<HitContext, 'ip'>): 'bot' | 'prefetch' | undefined {
    if (isBotUserAgent(ctx.userAgent)) return 'bot';
    if (isPrefetch(ctx.headers)) return 'prefetch';
    return undefined;
  }

  /** Area, browser, device and referrer of one request: a visit's opening hit's enrichment. */
  describe(input: { ip: string; userAgent: string; referrer: string }): RequestSource {
    return requestSource({ ...input, ip: normaliseIp(input.ip) });
  }

  /** Site checks and drop rules, then the event ready to write; or why it is not counted. */
  private async prepare(
    hit: CollectPayload,
    ctx: HitContext,
    options: HitOptions = {},
  ): Promise<IncomingEvent | DropReason> {
    const site = await this.cache.get(hit.s);
    if (!site) throw badRequest('unknown site');
    if (!site.enabled) {
      this.drops.record(site.id, 'disabled');
      throw badRequest('site disabled');
    }
    const ip = normaliseIp(ctx.ip);
    const reason = this.dropReason(site, ctx, ip);
    if (reason) {
      this.drops.record(site.id, reason);
      return reason;
    }
    return this.toEvent(hit, site, ip, ctx.userAgent ?? '', ctx.now ?? new Date(), options);
  }

  /** The rules that keep a hit of an enabled site from counting, in order. */
  private dropReason(site: SiteRow, ctx: HitContext, ip: string): DropReason | undefined {
    if (isBotUserAgent(ctx.userAgent)) return 'bot';
    if (isPrefetch(ctx.headers)) return 'prefetch';
    if (site.ignoredIps.length > 0 && this.ignored(site)(ip)) return 'ip';
    if (site.respectDnt && header(ctx.headers, 'dnt') === '1') return 'dnt';
    return undefined;
  }

  private ignored(site: SiteRow): (ip: string) => boolean {
    let m = this.matchers.get(site);
    if (!m) {
      m = ipMatcher(site.ignoredIps);
      this.matchers.set(site, m);
    }
    return m;
  }

  private async toEvent(
    hit: CollectPayload,
    site: SiteRow,
    ip: string,
    ua: string,
    now: Date,
    options: HitOptions,
  ): Promise<IncomingEvent> {
    const url = hit.u;
    const path = pagePath(url, options.hashPath);
    const day = localDay(now, site.timezone);
    const storedIp = site.maskIp ? maskIp(ip) : ip;
    const visitor = await this.visitorFor(site, day, ip, ua, hit.v);
    const pv = hit.t === 'pv' ? hit : undefined;
    return {
      siteId: site.id,
      visitor,
      ts: now,
      localDay: day,
      type: hit.t,
      pageId: hit.p,
      url: url.href,
      host: url.hostname,
      path,
      title: pv?.ti ?? '',
      name: hit.t === 'ev' ? hit.n : null,
      props: hit.t === 'ev' && hit.d ? JSON.stringify(hit.d) : null,
      durationMs: hit.t === 'ping' ? hit.e : 0,
      ip: storedIp,
      source: () =>
        visitSource({
          pageUrl: url,
          path,
          referrer: hit.t === 'ping' ? '' : hit.r,
          siteDomains: site.domains,
          ip,
          storedIp,
          userAgent: ua,
          screen: pv?.w && pv.h ? `${pv.w}x${pv.h}` : '',
          language: pv?.l ?? '',
        }),
    };
  }

  /** The client's id unless the site is cookieless, else the day's hash of address and browser. */
  private visitorFor(site: SiteRow, day: string, ip: string, ua: string, clientId?: string): Promise<string> {
    if (!site.cookieless && clientId) return Promise.resolve(clientId);
    return this.visitors.hashed(site.id, day, ip, ua);
  }

  /**
   * The visitor a hit from this request would be counted as (Umami's `identify` stores properties of
   * the visitor without counting a hit); undefined for an unknown or disabled site.
   */
  async visitorOf(trackingKey: string, ctx: HitContext, clientId?: string): Promise<string | undefined> {
    const site = await this.cache.get(trackingKey);
    if (!site?.enabled) return undefined;
    const day = localDay(ctx.now ?? new Date(), site.timezone);
    return this.visitorFor(site, day, normaliseIp(ctx.ip), ctx.userAgent ?? '', clientId);
  }

  /** A lane's batch, written and counted (stored hits, write time) for the metrics. */
  private async writeBatch(batch: IncomingEvent[]): Promise<WriteResult[]> {
    const started = performance.now();
    const results = await this.writer.write(batch);
    collectMetrics.written(results, performance.now() - started);
    return results;
  }

  /** Hits waiting for a batch, every lane together (metrics). */
  get pending(): number {
    let n = 0;
    for (const lane of this.lanes) n += lane.pending;
    return n;
  }

  private laneOf(event: IncomingEvent): GroupCommit<IncomingEvent, boolean> {
    if (this.lanes.length === 1) return this.lanes[0]!;
    let h = event.siteId;
    for (let i = 0; i < event.visitor.length; i++) h = (h * 31 + event.visitor.charCodeAt(i)) | 0;
    return this.lanes[Math.abs(h) % this.lanes.length]!;
  }

  /**
   * The server is stopping: hits waiting for the database to come back are answered (503) at once,
   * so the requests holding them end and the stop does not wait out `retryForMs`.
   */
  stopRetrying(): void {
    for (const lane of this.lanes) lane.stopRetrying();
  }

  /** Writes what is queued; the server calls it on shutdown so acknowledged hits are not cut off. */
  async close(): Promise<void> {
    await Promise.all(this.lanes.map((lane) => lane.close()));
  }
}
