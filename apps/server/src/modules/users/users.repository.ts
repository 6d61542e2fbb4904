import type { MessageLanguage } from '@tally/contracts';
import { and, eq, ne, or, sql } from 'drizzle-orm';
import { Repository } from '../../db/repository.js';
import { type UserRow, users } from '../../db/schema/index.js';

export interface NewUser {
  username: string;
  email: string;
  passwordHash: string;
  roles: string[];
  inviteCode: string;
  invitedBy?: number | null;
}

export class UsersRepository extends Repository {
  async findById(id: number): Promise<UserRow | undefined> {
    const [row] = await this.orm.select().from(users).where(eq(users.id, id));
    return row;
  }

  /** The language mail to this user is written in (plan notices). */
  async setLanguage(id: number, language: MessageLanguage): Promise<void> {
    await this.orm.update(users).set({ language }).where(eq(users.id, id));
  }

  /** Login accepts the username (any case) or the email. */
  async findByLogin(login: string): Promise<UserRow | undefined> {
    const [row] = await this.orm
      .select()
      .from(users)
      .where(or(sql`lower(${users.username}) = lower(${login})`, eq(users.email, login.toLowerCase())))
      .limit(1);
    return row;
  }

  async findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.orm.select().from(users).where(eq(users.email, email.toLowerCase()));
    return row;
  }

  async findByInviteCode(code: string): Promise<UserRow | undefined> {
    const [row] = await this.orm.select().from(users).where(eq(users.inviteCode, code.toUpperCase()));
    return row;
  }

  /** Whether another account (not `exceptId`) has this username (any case) or email. */
  async taken(
    username: string,
    email: string,
    exceptId?: number,
  ): Promise<{ username: boolean; email: boolean }> {
    const rows = await this.orm
      .select({ username: users.username, email: users.email })
      .from(users)
      .where(
        and(
          or(sql`lower(${users.username}) = lower(${username})`, eq(users.email, email)),
          exceptId === undefined ? undefined : ne(users.id, exceptId),
        ),
      );
    return {
      username: rows.some((r) => r.username.toLowerCase() === username.toLowerCase()),
      email: rows.some((r) => r.email === email),
    };
  }

  async insert(user: NewUser): Promise<UserRow> {
    const [row] = await this.orm.insert(users).values(user).returning();
    return row!;
  }

  async hasAdmin(): Promise<boolean> {
    const [row] = await this.orm
      .select({ id: users.id })
      .from(users)
      .where(sql`'admin' = any(${users.roles})`)
      .limit(1);
    return Boolean(row);
  }

  async update(
    id: number,
    values: Partial<Pick<UserRow, 'passwordHash' | 'roles' | 'status' | 'email' | 'username'>>,
  ) {
    await this.orm
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, id));
  }

  /** Counts a failure and locks the account when the count reaches `max`, in one statement. */
  async recordLogin(id: number, ip: string): Promise<void> {
    await this.orm
      .update(users)
      .set({ failedLogins: 0, lockedUntil: null, lastLoginAt: new Date(), lastLoginIp: ip })
      .where(eq(users.id, id));
  }
}
