import {
  API_KEY_PREFIX,
  API_KEY_RATE_PER_MINUTE,
  API_KEY_SHOWN_CHARS,
  API_KEYS_PER_USER,
  type ApiKey,
  type ApiKeyCreated,
  type ApiKeyList,
  type ApiKeyScope,
  type apiKeyCreateBodySchema,
  apiKeyScopesFor,
  ERROR,
  type Role,
} from '@tally/contracts';
import type { z } from 'zod';
import type { Transactor } from '../../db/client.js';
import type { ApiKeyRow } from '../../db/schema/index.js';
import { AppError, fieldError, notFound } from '../../lib/errors.js';
import { newToken, sha256 } from '../../lib/tokens.js';
import type { Actor, AuditService } from '../audit/audit.service.js';
import type { AuthContext, BearerResolver } from '../sessions/sessions.service.js';
import type { ThrottleService } from '../throttle/throttle.service.js';
import { addressAllowed, isAddressEntry } from './allowed-addresses.js';
import type { ApiKeysRepository } from './api-keys.repository.js';

/** Reads are noted (last used, one audit row) at most this often per key and address. */
const NOTE_READS_EVERY_MS = 60_000;
/** Revoked keys stay in the owner's list this long, then only the audit log remembers them. */
const REVOKED_LISTED_MS = 30 * 24 * 3600_000;
/** `tly_` and 43 characters of base64url (256 random bits). */
const KEY_LENGTH = API_KEY_PREFIX.length + 43;

const KEY_REFUSED = 'This API key is invalid, revoked or expired.';
const ADDRESS_REFUSED = 'This API key may not be used from this address.';
const TOO_MANY = 'You hold as many API keys as allowed; revoke one first.';

/** 401: the credential opens nothing (unknown, revoked, expired, or its owner may not sign in). */
const keyRefused = () => new AppError(ERROR.UNAUTHENTICATED, 401, KEY_REFUSED);

export interface ApiKeysDeps {
  repo: ApiKeysRepository;
  audit: AuditService;
  throttle: ThrottleService;
  db: Transactor;
  clock?: () => Date;
}

/** Who creates a key: the signed-in owner (never a key: the access check refuses that first). */
export interface KeyOwner {
  userId: number;
  roles: readonly string[];
}

export class ApiKeysService implements BearerResolver {
  constructor(private readonly deps: ApiKeysDeps) {}

  private now() {
    return this.deps.clock?.() ?? new Date();
  }

  /** An account's keys (个人中心, or 用户管理's drawer). */
  async list(userId: number): Promise<ApiKeyList> {
    const now = this.now();
    const rows = await this.deps.repo.listOfUser(userId, new Date(now.getTime() - REVOKED_LISTED_MS));
    return { list: rows.map((row) => toApiKey(row, now)) };
  }

  /** Creates a key for its owner: the answer is the only place the key itself ever appears. */
  async create(
    owner: KeyOwner,
    body: z.output<typeof apiKeyCreateBodySchema>,
    actor: Actor,
  ): Promise<ApiKeyCreated> {
    const now = this.now();
    const usable = apiKeyScopesFor(owner.roles);
    if (body.scopes.some((s) => !usable.includes(s)))
      throw fieldError('scopes', 'your roles do not allow this scope');
    if (body.expires_at && new Date(body.expires_at).getTime() <= now.getTime())
      throw fieldError('expires_at', 'must be in the future');
    const allowedIps = [...new Set(body.allowed_ips)];
    if (!allowedIps.every(isAddressEntry)) throw fieldError('allowed_ips', 'not an IP address or CIDR range');

    const key = `${API_KEY_PREFIX}${newToken()}`;
    const row = await this.deps.db.transaction(async (tx) => {
      const repo = this.deps.repo.in(tx);
      if ((await repo.countLive(owner.userId, now)) >= API_KEYS_PER_USER)
        throw new AppError(ERROR.CONFLICT, 409, TOO_MANY);
      const created = await repo.insert({
        userId: owner.userId,
        name: body.name,
        keyHash: sha256(key),
        prefix: key.slice(0, API_KEY_PREFIX.length + API_KEY_SHOWN_CHARS),
        scopes: [...body.scopes],
        allowedIps,
        expiresAt: body.expires_at ? new Date(body.expires_at) : null,
      });
      await this.deps.audit.record(
        {
          actorId: actor.userId,
          action: 'api_key.create',
          target: `api_key:${created.id}`,
          ip: actor.ip,
          after: {
            user_id: owner.userId,
            name: created.name,
            prefix: created.prefix,
            scopes: created.scopes,
            allowed_ips: created.allowedIps,
            expires_at: created.expiresAt?.toISOString() ?? null,
          },
        },
        tx,
      );
      return created;
    });
    return { key, api_key: toApiKey(row, now) };
  }

  /**
   * Revokes a key: its owner's (`ownerId`), or any user's by an admin (`ownerId` undefined). The next
   * call with it is refused. Revoking a revoked key answers it as it is.
   */
  async revoke(id: number, actor: Actor, ownerId?: number): Promise<ApiKey> {
    const now = this.now();
    const row = await this.deps.db.transaction(async (tx) => {
      const repo = this.deps.repo.in(tx);
      const revoked = await repo.revoke(id, actor.userId, now, ownerId);
      if (!revoked) {
        const existing = await repo.find(id);
        if (!existing || (ownerId !== undefined && existing.userId !== ownerId))
          throw notFound('API key not found');
        return existing;
      }
      await this.deps.audit.record(
        {
          actorId: actor.userId,
          action: 'api_key.revoke',
          target: `api_key:${id}`,
          ip: actor.ip,
          before: { user_id: revoked.userId, name: revoked.name, prefix: revoked.prefix },
        },
        tx,
      );
      return revoked;
    });
    return toApiKey(row, now);
  }

  /**
   * A new password (changed, reset, or set by an admin) ends every key of the account, as it ends its
   * sessions: whoever held the account before must not keep a way in.
   */
  async revokeAllOf(userId: number): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const ids = await this.deps.repo.in(tx).revokeAllOf(userId, this.now());
      if (ids.length === 0) return;
      await this.deps.audit.record(
        { actorId: null, action: 'api_key.revoke_all', target: `user:${userId}`, after: { revoked: ids } },
        tx,
      );
    });
  }

  /**
   * `Authorization: Bearer tly_…`: the key's owner with the key's scopes, read from the database on
   * every call, so a revoked or expired key (or a banned owner) is refused at once. Throttled per key.
   */
  async resolve(credential: string, ip: string): Promise<AuthContext | undefined> {
    if (!credential.startsWith(API_KEY_PREFIX)) return undefined;
    if (credential.length !== KEY_LENGTH) throw keyRefused();
    const row = await this.deps.repo.findForAuth(sha256(credential));
    const now = this.now();
    if (
      !row ||
      row.revokedAt !== null ||
      (row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime()) ||
      row.status !== 'active' ||
      row.roles.length === 0
    )
      throw keyRefused();
    if (!addressAllowed(ip, row.allowedIps)) throw new AppError(ERROR.FORBIDDEN, 403, ADDRESS_REFUSED);
    await this.deps.throttle.check({ key: `apikey:${row.id}`, max: API_KEY_RATE_PER_MINUTE, windowSec: 60 });
    return {
      sessionId: 0,
      kind: 'user',
      userId: row.userId,
      siteId: null,
      roles: row.roles as Role[],
      name: row.username,
      token: credential,
      apiKey: { id: row.id, scopes: row.scopes as ApiKeyScope[] },
    };
  }

  /**
   * Records a call made with a key. Every change (any call but GET) gets an audit row of its own and
   * notes the key's last use; reads note the last use and write one audit row at most once a minute
   * per key (or when the address changes): a script polling reports would otherwise fill the log.
   */
  async answered(auth: AuthContext, call: { id: string; method: string }, status: number, ip: string) {
    if (!auth.apiKey) return;
    const changes = call.method !== 'GET';
    const noted = await this.deps.repo.touch(
      auth.apiKey.id,
      this.now(),
      ip,
      changes ? 0 : NOTE_READS_EVERY_MS,
    );
    if (!changes && !noted) return;
    await this.deps.audit.record({
      actorId: auth.userId,
      action: 'api_key.use',
      target: `api_key:${auth.apiKey.id}`,
      ip,
      after: { call: call.id, method: call.method, status },
    });
  }
}

function statusOf(row: ApiKeyRow, now: Date): ApiKey['status'] {
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'active';
}

function toApiKey(row: ApiKeyRow, now: Date): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as ApiKeyScope[],
    allowed_ips: row.allowedIps,
    status: statusOf(row, now),
    expires_at: row.expiresAt?.toISOString() ?? null,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    last_used_ip: row.lastUsedIp,
    revoked_at: row.revokedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}
