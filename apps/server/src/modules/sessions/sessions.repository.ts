import { and, desc, eq, gt, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { Repository } from '../../db/repository.js';
import { sessions, sites, users } from '../../db/schema/index.js';

/** The owner of a client session's site, beside the session's own user. */
const siteOwner = alias(users, 'site_owner');

export interface NewSession {
  tokenHash: string;
  kind: 'user' | 'client';
  userId: number | null;
  siteId: number | null;
  ip: string | null;
  userAgent: string | null;
  expiresAt: Date;
}

export interface ResolvedSession {
  id: number;
  kind: string;
  userId: number | null;
  siteId: number | null;
  tokenHash: string;
  tokenIssuedAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  roles: string[] | null;
  username: string | null;
  status: string | null;
  /** Client sessions: the site is enabled and its owner's account active (null for user sessions). */
  siteOpen: boolean | null;
}

export class SessionsRepository extends Repository {
  async insert(row: NewSession): Promise<number> {
    const [created] = await this.orm.insert(sessions).values(row).returning({ id: sessions.id });
    return created!.id;
  }

  /** Current token, or the previous one while its grace period lasts. */
  async findLive(tokenHash: string, now: Date): Promise<ResolvedSession | undefined> {
    const [row] = await this.orm
      .select({
        id: sessions.id,
        kind: sessions.kind,
        userId: sessions.userId,
        siteId: sessions.siteId,
        tokenHash: sessions.tokenHash,
        tokenIssuedAt: sessions.tokenIssuedAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        roles: users.roles,
        username: users.username,
        status: users.status,
        siteOpen: sql<boolean | null>`(${sites.enabled} and ${siteOwner.status} = 'active')`,
      })
      .from(sessions)
      .leftJoin(users, eq(users.id, sessions.userId))
      .leftJoin(sites, eq(sites.id, sessions.siteId))
      .leftJoin(siteOwner, eq(siteOwner.id, sites.userId))
      .where(
        and(
          gt(sessions.expiresAt, now),
          or(
            eq(sessions.tokenHash, tokenHash),
            and(eq(sessions.prevTokenHash, tokenHash), gt(sessions.prevValidUntil, now)),
          ),
        ),
      )
      .limit(1);
    return row;
  }

  async touch(id: number, now: Date, expiresAt: Date): Promise<void> {
    await this.orm.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, id));
  }

  /** Rotates only if nobody rotated it since we read it, so concurrent requests hand out one new token. */
  async rotate(id: number, fromHash: string, toHash: string, now: Date, graceUntil: Date): Promise<boolean> {
    const res = await this.orm
      .update(sessions)
      .set({ tokenHash: toHash, prevTokenHash: fromHash, prevValidUntil: graceUntil, tokenIssuedAt: now })
      .where(and(eq(sessions.id, id), eq(sessions.tokenHash, fromHash)))
      .returning({ id: sessions.id });
    return res.length === 1;
  }

  async deleteById(id: number): Promise<void> {
    await this.orm.delete(sessions).where(eq(sessions.id, id));
  }

  async deleteForUser(userId: number, exceptId?: number): Promise<number> {
    const res = await this.orm
      .delete(sessions)
      .where(
        exceptId ? and(eq(sessions.userId, userId), ne(sessions.id, exceptId)) : eq(sessions.userId, userId),
      )
      .returning({ id: sessions.id });
    return res.length;
  }

  async liveOfUser(userId: number, now: Date, limit: number) {
    return this.orm
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
      .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
      .limit(limit);
  }

  async deleteOfUser(userId: number, id: number): Promise<number> {
    const res = await this.orm
      .delete(sessions)
      .where(and(eq(sessions.id, id), eq(sessions.userId, userId)))
      .returning({ id: sessions.id });
    return res.length;
  }

  async deleteForSite(siteId: number, kind: 'client'): Promise<number> {
    const res = await this.orm
      .delete(sessions)
      .where(and(eq(sessions.siteId, siteId), eq(sessions.kind, kind)))
      .returning({ id: sessions.id });
    return res.length;
  }

  async deleteExpired(now: Date): Promise<void> {
    await this.orm.delete(sessions).where(sql`${sessions.expiresAt} <= ${now}`);
  }
}
