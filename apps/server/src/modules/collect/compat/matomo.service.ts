import type { SiteRow } from '../../../db/schema/index.js';
import { sha256 } from '../../../lib/tokens.js';
import type { AuthContext } from '../../sessions/sessions.service.js';
import type { CollectService, HitContext } from '../collect.service.js';
import { type MatomoAction, parseMatomoRequest } from './matomo.js';
import { CompatRefused, inOrderPerKey, submitHit, tallyHit } from './shared.js';
import type { CompatSites } from './site-resolver.service.js';
import type { VisitorPropsRepository } from './visitor-props.repository.js';

/** How one tracking request ended: stored (or accepted with nothing to store), or refused with why. */
export type MatomoResult = { ok: true } | { ok: false; message: string };

/** Requests one bulk call may carry. */
export const MATOMO_BULK_MAX = 5000;

/** Token checks are remembered this long, so a server-side tracker's every hit does not cost a key lookup. */
const TOKEN_TTL_MS = 60_000;

export interface MatomoIngestDeps {
  collect: Pick<CollectService, 'collectParsed' | 'visitorOf'>;
  sites: Pick<CompatSites, 'resolveSiteByAlias'>;
  props: Pick<VisitorPropsRepository, 'merge'>;
  /** `Authorization: Bearer` resolution of personal API keys (modules/api-keys); throws when refused. */
  resolveKey(token: string, ip: string): Promise<AuthContext | undefined>;
}

/**
 * Matomo's tracking endpoint on Tally's pipeline. The site's `token_auth` (what Matomo asks for
 * before it takes `cip`, `cdt`, `ua` or `cid` from a request) is a personal API key (个人中心 > API
 * keys) with the `sites` scope, of the site's owner or of an admin: the same key that manages the
 * site through the API, never the public tracking key.
 */
export class MatomoIngest {
  private readonly tokens = new Map<string, { ok: boolean; at: number }>();
  /** `uid`s already stored per visitor, so a uid costs one write per visitor and process. */
  private readonly userIds = new Map<string, string>();

  constructor(private readonly deps: MatomoIngestDeps) {}

  /** One request (`GET`/form `POST`): parameters merged as Matomo merges `$_GET + $_POST`. */
  async track(params: URLSearchParams, ctx: HitContext): Promise<MatomoResult> {
    let action: MatomoAction;
    try {
      action = parseMatomoRequest(params, header(ctx, 'accept-language'));
    } catch (err) {
      if (err instanceof CompatRefused) return { ok: false, message: err.message };
      throw err;
    }
    return this.record(action, ctx);
  }

  /** Bulk tracking: `{"requests": ["?idsite=1&…", …], "token_auth": "…"}`. */
  async bulk(
    json: unknown,
    ctx: HitContext,
  ): Promise<{ tracked: number; invalid: number; invalidIndices: number[] }> {
    const body = (json ?? {}) as { requests?: unknown; token_auth?: unknown };
    if (!Array.isArray(body.requests)) throw new CompatRefused('requests: expected a list of query strings');
    if (body.requests.length > MATOMO_BULK_MAX)
      throw new CompatRefused(`requests: at most ${MATOMO_BULK_MAX}`);
    const token = typeof body.token_auth === 'string' ? body.token_auth : undefined;
    const parsed = body.requests.map((r) => {
      if (typeof r !== 'string') return undefined;
      const params = new URLSearchParams(r.slice(r.indexOf('?') + 1));
      if (token && !params.has('token_auth')) params.set('token_auth', token);
      return params;
    });
    const results = await inOrderPerKey(
      parsed,
      (p) =>
        p ? `${p.get('idsite')}|${p.get('_id') ?? p.get('cid') ?? `${p.get('cip')}|${p.get('ua')}`}` : '',
      (p) =>
        p ? this.track(p, ctx) : Promise.resolve<MatomoResult>({ ok: false, message: 'not a query string' }),
    );
    const invalidIndices = results.flatMap((r, i) => (r.ok ? [] : [i]));
    return {
      tracked: results.length - invalidIndices.length,
      invalid: invalidIndices.length,
      invalidIndices,
    };
  }

  private async record(action: MatomoAction, requestCtx: HitContext): Promise<MatomoResult> {
    const site = await this.deps.sites.resolveSiteByAlias({ matomoId: action.idsite });
    if (!site?.enabled) return { ok: false, message: `idsite: unknown site ${action.idsite.slice(0, 64)}` };
    // Without `rec=1` Matomo records nothing and still answers as usual.
    if (!action.record || action.ping) return { ok: true };
    const trusted = action.tokenAuth ? await this.tokenOk(action.tokenAuth, site, requestCtx.ip) : false;
    // Whole literals and the parsed hit changed in place, not spreads: see tallyHit in shared.ts.
    let ctx = requestCtx;
    if (trusted) {
      const { ua, cip, cdt, cid } = action.overrides;
      ctx = {
        ip: cip ?? requestCtx.ip,
        userAgent: ua ?? requestCtx.userAgent,
        headers: requestCtx.headers,
        now: cdt && cdt.getTime() <= Date.now() + 60_000 ? cdt : requestCtx.now,
      };
      if (cid) action.hit.clientId = cid;
    }
    try {
      const outcome = await submitHit(this.deps.collect, tallyHit(site, action.hit), ctx);
      if (outcome.stored && action.userId) await this.storeUserId(site, outcome.visitor, action.userId);
      // Bots and ignored addresses are left out silently, as Matomo excludes them.
      return { ok: true };
    } catch (err) {
      if (err instanceof CompatRefused) return { ok: false, message: err.message };
      throw err;
    }
  }

  private async storeUserId(site: SiteRow, visitor: string | undefined, userId: string): Promise<void> {
    if (!visitor) return;
    const key = `${site.id}|${visitor}`;
    if (this.userIds.get(key) === userId) return;
    await this.deps.props.merge(site.id, visitor, userId.slice(0, 200), {});
    if (this.userIds.size >= 10_000) this.userIds.clear();
    this.userIds.set(key, userId);
  }

  /** The site's token: an API key with the `sites` scope of the site's owner or of an admin. */
  private async tokenOk(token: string, site: SiteRow, ip: string): Promise<boolean> {
    const key = `${site.id}|${sha256(token)}`;
    const seen = this.tokens.get(key);
    if (seen && Date.now() - seen.at < TOKEN_TTL_MS) return seen.ok;
    let ok = false;
    try {
      const auth = await this.deps.resolveKey(token, ip);
      ok =
        auth?.apiKey?.scopes.includes('sites') === true &&
        (auth.userId === site.userId || auth.roles.includes('admin'));
    } catch {
      ok = false; // a refused, revoked or expired key: the overrides are ignored, the hit still counts
    }
    if (this.tokens.size >= 10_000) this.tokens.clear();
    this.tokens.set(key, { ok, at: Date.now() });
    return ok;
  }
}

function header(ctx: HitContext, name: string): string | undefined {
  const v = ctx.headers[name];
  return Array.isArray(v) ? v[0] : v;
}
