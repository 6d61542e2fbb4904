import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a cache token remembers of the first answered hit, so later hits skip the site and visitor work. */
export interface CacheClaims {
  /** The `website` the client sent (a token is honoured only with the same one). */
  w: string;
  /** The site's tracking key: the site is looked up by it, with no alias lookup. */
  k: string;
  /** The visitor the first hit was counted as. */
  v: string;
  /** Issued at, seconds. */
  iat: number;
}

/** A day, as Umami's tokens: after it the hit is placed as a first one again. */
const TOKEN_TTL_S = 86_400;
/** A token younger than this is answered back as it is; an older one is renewed, so a tab's stays fresh. */
const REUSE_S = 3_600;
/**
 * Tokens already verified, so a tab's later hits cost a lookup instead of an HMAC. Only a verified
 * token is remembered, by its whole text; a few MB at most.
 */
const VERIFIED_MAX = 10_000;

/**
 * Umami's `cache` answer (sent back in `x-umami-cache`): claims signed with an HMAC of the app secret,
 * so a client can neither forge another site's nor another visitor's. A token that fails any check is
 * ignored (the hit is handled as a first one), never an error.
 */
export class CacheTokens {
  private readonly verified = new Map<string, CacheClaims>();

  constructor(private readonly secret: string) {}

  private mac(body: string): string {
    return createHmac('sha256', `umami-cache:${this.secret}`).update(body).digest('base64url');
  }

  sign(claims: Omit<CacheClaims, 'iat'>, now = Date.now()): string {
    // A literal, not `{ ...claims, iat }`: on Node 20 a spread followed by more keys cost about 5 µs,
    // as much as the HMAC (see tallyHit in shared.ts). Same JSON, same key order.
    const full: CacheClaims = { w: claims.w, k: claims.k, v: claims.v, iat: Math.floor(now / 1000) };
    const body = Buffer.from(JSON.stringify(full)).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  verify(token: string | undefined, website: string, now = Date.now()): CacheClaims | undefined {
    if (!token || token.length > 1024) return undefined;
    const claims = this.verified.get(token) ?? this.check(token);
    const fresh = typeof claims?.iat === 'number' && now / 1000 - claims.iat < TOKEN_TTL_S;
    return fresh && claims?.w === website ? claims : undefined;
  }

  /**
   * The token to answer a hit with: the one the client sent while it is younger than REUSE_S and names
   * the same site and visitor (no new HMAC), else a new one.
   */
  answer(sent: string | undefined, claims: Omit<CacheClaims, 'iat'>, now = Date.now()): string {
    const known = sent ? this.verified.get(sent) : undefined;
    const reusable =
      known !== undefined &&
      known.w === claims.w &&
      known.k === claims.k &&
      known.v === claims.v &&
      now / 1000 - known.iat < REUSE_S;
    return reusable ? sent! : this.sign(claims, now);
  }

  /** The claims of a token whose MAC holds and whose claims are well typed, remembered; else undefined. */
  private check(token: string): CacheClaims | undefined {
    const [body = '', mac = '', extra] = token.split('.');
    if (extra !== undefined) return undefined;
    const expected = Buffer.from(this.mac(body));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    let claims: CacheClaims;
    try {
      claims = JSON.parse(Buffer.from(body, 'base64url').toString());
    } catch {
      return undefined;
    }
    const typed =
      typeof claims?.iat === 'number' && typeof claims.k === 'string' && typeof claims.v === 'string';
    if (!typed) return undefined;
    if (this.verified.size >= VERIFIED_MAX) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, claims);
    return claims;
  }
}
