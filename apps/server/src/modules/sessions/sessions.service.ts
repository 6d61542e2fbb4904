import type { Role } from '@tally/contracts';
import type { Config } from '../../config.js';
import type { Executor } from '../../db/client.js';
import { newToken, sha256 } from '../../lib/tokens.js';
import type { SessionsRepository } from './sessions.repository.js';

export interface AuthContext {
  sessionId: number;
  kind: 'user' | 'client';
  userId: number | null;
  siteId: number | null;
  roles: Role[];
  name: string;
  /** The token the request carried (the crypt key derives from it). */
  token: string;
  /**
   * Set when the caller is an API key (`Authorization: Bearer`, modules/api-keys) instead of a
   * session: its scopes narrow the owner's roles on every call; `sessionId` is 0 then.
   */
  apiKey?: { id: number; scopes: readonly string[] };
}

/**
 * Credentials other than session tokens (`Authorization: Bearer`), resolved by the area that owns
 * them (the api-keys module plugs itself in with `sessions.useBearer`); the auth plugin calls both.
 */
export interface BearerResolver {
  /** The caller, or undefined when the credential is not of this kind; a refused one throws. */
  resolve(credential: string, ip: string): Promise<AuthContext | undefined>;
  /** After the answer to a call made with such a credential (use is recorded here). */
  answered(
    auth: AuthContext,
    call: { id: string; method: string },
    status: number,
    ip: string,
  ): Promise<void>;
}

/** Admins act on every user's things; others only on their own. */
export const isAdmin = (auth: AuthContext) => auth.roles.includes('admin');

export interface Resolved {
  auth: AuthContext;
  renewedToken?: string;
}

/** Writing last-seen on every request would turn reads into writes; once a minute is enough to slide. */
const TOUCH_EVERY_MS = 60_000;
const ROTATION_GRACE_MS = 60_000;

export class SessionsService {
  constructor(
    private readonly repo: SessionsRepository,
    private readonly config: Pick<Config, 'sessionTtlMs' | 'tokenRotateMs'>,
  ) {}

  async open(input: {
    kind: 'user' | 'client';
    userId: number | null;
    siteId?: number | null;
    ip?: string;
    userAgent?: string;
  }): Promise<string> {
    const token = newToken();
    await this.repo.insert({
      tokenHash: sha256(token),
      kind: input.kind,
      userId: input.userId,
      siteId: input.siteId ?? null,
      ip: input.ip ?? null,
      userAgent: input.userAgent?.slice(0, 512) ?? null,
      expiresAt: new Date(Date.now() + this.config.sessionTtlMs),
    });
    return token;
  }

  /** The live session row a token opens (and the token's hash), if its account or shared site admits it. */
  private async liveRow(token: string, now: Date) {
    if (token.length < 20 || token.length > 128) return undefined;
    const hash = sha256(token);
    const row = await this.repo.findLive(hash, now);
    if (!row) return undefined;
    if (row.kind === 'user' && (row.status !== 'active' || !row.roles?.length)) return undefined;
    // A share-link session lives only while its site is enabled and its owner may still sign in.
    if (row.kind === 'client' && row.siteOpen !== true) return undefined;
    return { row, hash };
  }

  /**
   * Who a token signs in, without sliding or rotating the session: for reads outside the API (the
   * API document), whose answers cannot hand a renewed token back to the client.
   */
  async peek(
    token: string,
    now = new Date(),
  ): Promise<{ kind: 'user' | 'client'; roles: Role[] } | undefined> {
    const row = (await this.liveRow(token, now))?.row;
    if (!row) return undefined;
    return row.kind === 'client'
      ? { kind: 'client', roles: ['client'] }
      : { kind: 'user', roles: row.roles as Role[] };
  }

  /**
   * The session a token signs in, slid forward; its token rotated when due unless `rotate` is false
   * (a file download read with the `x-token` cookie, whose answer cannot hand a new token back).
   */
  async resolve(token: string, now = new Date(), rotate = true): Promise<Resolved | undefined> {
    const live = await this.liveRow(token, now);
    if (!live) return undefined;
    const { row, hash } = live;

    if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      await this.repo.touch(row.id, now, new Date(now.getTime() + this.config.sessionTtlMs));
    }
    let renewedToken: string | undefined;
    if (
      rotate &&
      row.tokenHash === hash &&
      now.getTime() - row.tokenIssuedAt.getTime() > this.config.tokenRotateMs
    ) {
      const fresh = newToken();
      const rotated = await this.repo.rotate(
        row.id,
        hash,
        sha256(fresh),
        now,
        new Date(now.getTime() + ROTATION_GRACE_MS),
      );
      if (rotated) renewedToken = fresh;
    }
    const kind = row.kind === 'client' ? 'client' : 'user';
    return {
      auth: {
        sessionId: row.id,
        kind,
        userId: row.userId,
        siteId: row.siteId,
        roles: kind === 'client' ? ['client'] : (row.roles as Role[]),
        name: row.username ?? '',
        token,
      },
      renewedToken,
    };
  }

  private bearerResolver?: BearerResolver;

  /** Accepts `Authorization: Bearer` credentials through this resolver (one, the api-keys area's). */
  useBearer(resolver: BearerResolver) {
    this.bearerResolver = resolver;
  }

  /** The resolver of Bearer credentials, when an area provided one. */
  get bearer(): BearerResolver | undefined {
    return this.bearerResolver;
  }

  revoke(sessionId: number) {
    return this.repo.deleteById(sessionId);
  }

  revokeAllForUser(userId: number, exceptSessionId?: number, tx?: Executor) {
    return (tx ? this.repo.in(tx) : this.repo).deleteForUser(userId, exceptSessionId);
  }

  /** The live sessions of an account, newest first (用户管理's drawer). */
  liveOfUser(userId: number, limit: number) {
    return this.repo.liveOfUser(userId, new Date(), limit);
  }

  /** Ends one session of that account; false when it has no such session. */
  async revokeOfUser(userId: number, sessionId: number, tx?: Executor): Promise<boolean> {
    return (await (tx ? this.repo.in(tx) : this.repo).deleteOfUser(userId, sessionId)) > 0;
  }

  /** Ends share-link sessions of a site (revoked or rotated link). */
  revokeClientsOfSite(siteId: number, tx?: Executor) {
    return (tx ? this.repo.in(tx) : this.repo).deleteForSite(siteId, 'client');
  }

  purgeExpired() {
    return this.repo.deleteExpired(new Date());
  }
}
