import type { AdminUserFilter } from '@tally/contracts';
import { and, arrayContains, asc, desc, eq, gt, ne, or, type SQL, sql } from 'drizzle-orm';
import {
  countAll,
  keywordMatch,
  type ListQuery,
  type ListSpec,
  listPage,
  withinDays,
} from '../../db/list-query.js';
import { Repository } from '../../db/repository.js';
import { sites, users } from '../../db/schema/index.js';

const SORTS = { id: users.id, created_at: users.createdAt, balance: users.balance };
const LIST: ListSpec = { sorts: SORTS, tiebreak: users.id };
/** Never-signed-in accounts after the others in both directions (users_last_login_at_idx is NULLS LAST). */
const BY_LAST_LOGIN: ListSpec = {
  sorts: { last_login_at: users.lastLoginAt },
  tiebreak: users.id,
  nullsLast: true,
};

/** A row of the list: the account and how many sites it owns. */
export const ADMIN_USER_COLUMNS = {
  user: users,
  // Spelled out: inside the subquery drizzle would leave "id" unqualified, and it would mean sites.id.
  sitesCount: sql<number>`(select count(*)::int from ${sites} s where s.user_id = ${users}.id)`,
};

export type AdminUserRecord = { user: typeof users.$inferSelect; sitesCount: number };

/** The largest user id a keyword can name (a bigger number is only searched as text). */
const ID_KEYWORD = /^\d{1,15}$/;

export class UserAdminRepository extends Repository {
  private where(f: AdminUserFilter): SQL | undefined {
    const id = f.keyword && ID_KEYWORD.test(f.keyword) ? Number(f.keyword) : undefined;
    return and(
      f.keyword
        ? or(
            keywordMatch(f.keyword, users.email, users.username, users.inviteCode),
            id === undefined ? undefined : eq(users.id, id),
          )
        : undefined,
      f.role ? arrayContains(users.roles, [f.role]) : undefined,
      f.status === 'active' ? eq(users.status, 'active') : undefined,
      f.status === 'banned' ? ne(users.status, 'active') : undefined,
      withinDays(users.createdAt, f),
      f.has_balance === true ? gt(users.balance, 0n) : undefined,
      f.has_balance === false ? eq(users.balance, 0n) : undefined,
    );
  }

  list(filter: AdminUserFilter, query: ListQuery) {
    const where = this.where(filter);
    const rows = this.orm.select(ADMIN_USER_COLUMNS).from(users).where(where).$dynamic();
    const spec = query.sort?.endsWith('last_login_at') ? BY_LAST_LOGIN : LIST;
    return listPage(rows, this.orm.select(countAll).from(users).where(where), query, spec);
  }

  /** The filtered rows after `afterId`, by id: the CSV export reads the list in such chunks. */
  chunkAfter(filter: AdminUserFilter, afterId: number, size: number): Promise<AdminUserRecord[]> {
    return this.orm
      .select(ADMIN_USER_COLUMNS)
      .from(users)
      .where(and(this.where(filter), gt(users.id, afterId)))
      .orderBy(asc(users.id))
      .limit(size);
  }

  async findRecord(id: number): Promise<AdminUserRecord | undefined> {
    const [row] = await this.orm.select(ADMIN_USER_COLUMNS).from(users).where(eq(users.id, id));
    return row;
  }

  /**
   * Locks the account row until the transaction ends, so two admins changing one account (or the
   * last-admin check below) see each other's change instead of both passing.
   */
  async lock(id: number) {
    const [row] = await this.orm.select().from(users).where(eq(users.id, id)).for('update');
    return row;
  }

  /**
   * The active admins' ids, locked in id order: a demotion or ban running at the same time waits, and
   * then no longer counts the account it changed (READ COMMITTED re-checks locked rows).
   */
  async lockActiveAdmins(): Promise<number[]> {
    const rows = await this.orm
      .select({ id: users.id })
      .from(users)
      .where(and(arrayContains(users.roles, ['admin']), eq(users.status, 'active')))
      .orderBy(asc(users.id))
      .for('update');
    return rows.map((r) => r.id);
  }

  async setStatus(id: number, status: string): Promise<void> {
    await this.orm.update(users).set({ status, updatedAt: new Date() }).where(eq(users.id, id));
  }

  /** The accounts this one invited, newest first, and how many there are. */
  async invitees(id: number, limit: number) {
    const [list, [counted]] = await Promise.all([
      this.orm
        .select({ id: users.id, username: users.username, email: users.email, createdAt: users.createdAt })
        .from(users)
        .where(eq(users.invitedBy, id))
        .orderBy(desc(users.id))
        .limit(limit),
      this.orm.select(countAll).from(users).where(eq(users.invitedBy, id)),
    ]);
    return { list, total: counted?.n ?? 0 };
  }
}
