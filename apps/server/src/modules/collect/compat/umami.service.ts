import type { CollectService, HitContext } from '../collect.service.js';
import type { CacheTokens } from './cache-token.js';
import { CompatRefused, inOrderPerKey, submitHit, tallyHit, toProps, uuidOf, visitorIdOf } from './shared.js';
import type { CompatSites } from './site-resolver.service.js';
import { parseUmamiRequest, type UmamiPayload, umamiClientId, umamiHit } from './umami.js';
import type { VisitorPropsRepository } from './visitor-props.repository.js';

/** An answer of `/api/send` or `/api/batch`: HTTP status and JSON body. */
export interface UmamiAnswer {
  status: number;
  body: unknown;
}

/** Umami's error body (src/lib/response.ts). */
const error = (status: number, message: string): UmamiAnswer => ({
  status,
  body: { error: { message, code: status === 403 ? 'forbidden' : 'bad-request', status } },
});

/** Items one `/api/batch` call may carry; a bigger batch is refused whole (400). */
export const UMAMI_BATCH_MAX = 1000;

/**
 * Umami's collect API on Tally's pipeline. A page view or custom event goes through
 * `CollectService.collectParsed` like a hit of Tally's own tracker (drop rules, enrichment, group
 * commit) and is answered only once committed: 200 `{cache, sessionId, visitId}`; a bot gets
 * `{"beep":"boop"}`, an unknown website 400. `identify` stores the visitor's properties.
 */
export class UmamiIngest {
  constructor(
    private readonly collect: Pick<CollectService, 'collectParsed' | 'uncounted' | 'visitorOf'>,
    private readonly sites: Pick<CompatSites, 'resolveSiteByAlias'>,
    private readonly tokens: CacheTokens,
    private readonly props: Pick<VisitorPropsRepository, 'merge'>,
  ) {}

  async send(json: unknown, ctx: HitContext, cache: string | undefined): Promise<UmamiAnswer> {
    try {
      return await this.one(json, ctx, cache);
    } catch (err) {
      if (err instanceof CompatRefused) return error(err.status, err.message);
      throw err;
    }
  }

  /** Umami's `/api/batch`: each item as its own `/api/send`, one visitor's items in order. */
  async batch(json: unknown, ctx: HitContext, cache: string | undefined): Promise<UmamiAnswer> {
    if (!Array.isArray(json)) return error(400, 'body: expected an array of {type, payload}');
    if (json.length > UMAMI_BATCH_MAX) return error(400, `body: at most ${UMAMI_BATCH_MAX} items`);
    const answers = await inOrderPerKey(
      json,
      (item) => batchKey(item, ctx),
      (item) => this.send(item, ctx, cache),
    );
    const details = answers.flatMap((a, index) => (a.status === 200 ? [] : [{ index, response: a.body }]));
    return {
      status: 200,
      body: { size: json.length, processed: json.length - details.length, errors: details.length, details },
    };
  }

  private async one(
    json: unknown,
    requestCtx: HitContext,
    cacheHeader: string | undefined,
  ): Promise<UmamiAnswer> {
    const { type, payload } = parseUmamiRequest(json);
    // Umami takes a server-side client's word for the browser's address and user agent.
    const ctx: HitContext = {
      ...requestCtx,
      ip: payload.ip?.trim() || requestCtx.ip,
      userAgent: payload.userAgent || requestCtx.userAgent,
    };
    if (this.collect.uncounted(ctx) === 'bot') return { status: 200, body: { beep: 'boop' } };
    const claims = type === 'event' ? this.tokens.verify(cacheHeader, payload.website) : undefined;
    let trackingKey = claims?.k;
    let siteId: number | undefined;
    if (!trackingKey) {
      const site = await this.sites.resolveSiteByAlias({ umamiId: payload.website });
      if (!site?.enabled) return error(400, 'Website not found.');
      trackingKey = site.trackingKey;
      siteId = site.id;
    }
    if (type === 'identify') return this.identify(payload, ctx, trackingKey, siteId!);
    // Web vitals and engagement have no place in Tally's hits yet: accepted, not stored.
    if (type !== 'event')
      return this.answer(payload.website, trackingKey, claims?.v ?? '', undefined, cacheHeader);

    const hit = umamiHit(payload);
    // A later hit carries the first one's visitor in its token: the visit continues even if the
    // address changed (a phone switching networks), as in Umami.
    if (!hit.clientId && claims) hit.clientId = claims.v;
    const outcome = await submitHit(this.collect, tallyHit({ trackingKey }, hit), ctx);
    if (!outcome.stored) {
      if (outcome.dropped === 'bot') return { status: 200, body: { beep: 'boop' } };
      if (outcome.dropped === 'ip') return error(403, 'Forbidden');
      return this.answer(payload.website, trackingKey, claims?.v ?? '', undefined, cacheHeader);
    }
    return this.answer(payload.website, trackingKey, outcome.visitor ?? '', outcome.visitId, cacheHeader);
  }

  private async identify(p: UmamiPayload, ctx: HitContext, trackingKey: string, siteId: number) {
    const visitor = await this.collect.visitorOf(trackingKey, ctx, visitorIdOf(umamiClientId(p)));
    if (!visitor) return error(400, 'Website not found.');
    await this.props.merge(siteId, visitor, p.id?.trim() || null, toProps(p.data) ?? {});
    return this.answer(p.website, trackingKey, visitor, undefined);
  }

  private answer(
    website: string,
    trackingKey: string,
    visitor: string,
    visitId: number | undefined,
    /** The token the hit came with: answered back while fresh and still this visitor's. */
    sent?: string,
  ): UmamiAnswer {
    const cache = visitor ? this.tokens.answer(sent, { w: website, k: trackingKey, v: visitor }) : undefined;
    return {
      status: 200,
      body: {
        cache,
        sessionId: visitor ? uuidOf(`${trackingKey}|${visitor}`) : null,
        visitId: visitId === undefined ? null : uuidOf(`visit|${visitId}`),
      },
    };
  }
}

/** One visitor's items of a batch: same website and client id, else same address and browser. */
function batchKey(item: unknown, ctx: HitContext): string {
  const p = ((item as { payload?: Record<string, unknown> } | null)?.payload ?? {}) as Record<
    string,
    unknown
  >;
  const client = p.vid ?? p.id ?? `${p.ip ?? ctx.ip}|${p.userAgent ?? ctx.userAgent}`;
  return `${String(p.website)}|${String(client)}`;
}
