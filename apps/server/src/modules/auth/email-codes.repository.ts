import { and, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import { emailCodes } from '../../db/schema/index.js';

export class EmailCodesRepository {
  constructor(private readonly orm: Orm) {}

  async insert(email: string, purpose: string, codeHash: string, expiresAt: Date): Promise<void> {
    await this.orm.insert(emailCodes).values({ email, purpose, codeHash, expiresAt });
  }

  async latest(email: string, purpose: string) {
    const [row] = await this.orm
      .select()
      .from(emailCodes)
      .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose)))
      .orderBy(desc(emailCodes.createdAt), desc(emailCodes.id))
      .limit(1);
    return row;
  }

  async countAttempt(id: number): Promise<number> {
    const [row] = await this.orm
      .update(emailCodes)
      .set({ attempts: sql`${emailCodes.attempts} + 1` })
      .where(eq(emailCodes.id, id))
      .returning({ attempts: emailCodes.attempts });
    return row?.attempts ?? Number.MAX_SAFE_INTEGER;
  }

  /** Marks the code used; false when another request used it first. */
  async consume(id: number): Promise<boolean> {
    const rows = await this.orm
      .update(emailCodes)
      .set({ consumedAt: new Date() })
      .where(and(eq(emailCodes.id, id), isNull(emailCodes.consumedAt)))
      .returning({ id: emailCodes.id });
    return rows.length === 1;
  }

  async purgeExpired(now: Date): Promise<void> {
    await this.orm.delete(emailCodes).where(lte(emailCodes.expiresAt, now));
  }
}
