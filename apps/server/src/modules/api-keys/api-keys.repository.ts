import { and, count, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { Repository } from '../../db/repository.js';
import { type ApiKeyRow, apiKeys, users } from '../../db/schema/index.js';

export interface NewApiKey {
  userId: number;
  name: string;
  keyHash: string;
  prefix: string;
  scopes: string[];
  allowedIps: string[];
  expiresAt: Date | null;
}

/** A key with what a call needs of its owner's account. */
export interface KeyForAuth {
  id: number;
  userId: number;
  scopes: string[];
  allowedIps: string[];
  expiresAt: Date | null;
  revokedAt: Date | null;
  roles: string[];
  username: string;
  status: string;
}

export class ApiKeysRepository extends Repository {
  async insert(row: NewApiKey): Promise<ApiKeyRow> {
    const [created] = await this.orm.insert(apiKeys).values(row).returning();
    return created!;
  }

  /** Keys neither revoked nor expired. */
  async countLive(userId: number, now: Date): Promise<number> {
    const [row] = await this.orm
      .select({ n: count() })
      .from(apiKeys)
      .where(
        and(
          eq(apiKeys.userId, userId),
          isNull(apiKeys.revokedAt),
          or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now)),
        ),
      );
    return Number(row?.n ?? 0);
  }

  /** An account's keys, newest first: every unrevoked one, and those revoked after `revokedSince`. */
  listOfUser(userId: number, revokedSince: Date): Promise<ApiKeyRow[]> {
    return this.orm
      .select()
      .from(apiKeys)
      .where(
        and(eq(apiKeys.userId, userId), or(isNull(apiKeys.revokedAt), gt(apiKeys.revokedAt, revokedSince))),
      )
      .orderBy(desc(apiKeys.id));
  }

  async find(id: number): Promise<ApiKeyRow | undefined> {
    const [row] = await this.orm.select().from(apiKeys).where(eq(apiKeys.id, id)).limit(1);
    return row;
  }

  async findForAuth(keyHash: string): Promise<KeyForAuth | undefined> {
    const [row] = await this.orm
      .select({
        id: apiKeys.id,
        userId: apiKeys.userId,
        scopes: apiKeys.scopes,
        allowedIps: apiKeys.allowedIps,
        expiresAt: apiKeys.expiresAt,
        revokedAt: apiKeys.revokedAt,
        roles: users.roles,
        username: users.username,
        status: users.status,
      })
      .from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.userId))
      .where(eq(apiKeys.keyHash, keyHash))
      .limit(1);
    return row;
  }

  /** Revokes a live key (of that user, when given); undefined when there is none to revoke. */
  async revoke(id: number, by: number | null, now: Date, userId?: number): Promise<ApiKeyRow | undefined> {
    const [row] = await this.orm
      .update(apiKeys)
      .set({ revokedAt: now, revokedBy: by })
      .where(
        and(
          eq(apiKeys.id, id),
          isNull(apiKeys.revokedAt),
          userId === undefined ? undefined : eq(apiKeys.userId, userId),
        ),
      )
      .returning();
    return row;
  }

  /** Revokes every live key of a user; the ids revoked. */
  async revokeAllOf(userId: number, now: Date): Promise<number[]> {
    const rows = await this.orm
      .update(apiKeys)
      .set({ revokedAt: now, revokedBy: null })
      .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id });
    return rows.map((r) => r.id);
  }

  /**
   * Notes a use: writes only when the last one is a minute old or came from another address, so a
   * busy script costs one write a minute. True when it wrote.
   */
  async touch(id: number, now: Date, ip: string, everyMs: number): Promise<boolean> {
    const res = await this.orm
      .update(apiKeys)
      .set({ lastUsedAt: now, lastUsedIp: ip })
      .where(
        and(
          eq(apiKeys.id, id),
          or(
            isNull(apiKeys.lastUsedAt),
            sql`${apiKeys.lastUsedAt} <= ${new Date(now.getTime() - everyMs)}`,
            sql`${apiKeys.lastUsedIp} is distinct from ${ip}`,
          ),
        ),
      )
      .returning({ id: apiKeys.id });
    return res.length === 1;
  }
}
