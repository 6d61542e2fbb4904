import { sql } from 'drizzle-orm';
import { Repository } from '../../db/repository.js';
import { knownLoginIps } from '../../db/schema/index.js';

/** The addresses each user signed in from (for the new-address notice). */
export class LoginIpsRepository extends Repository {
  /** Remembers the address; true when the user had not signed in from it before. */
  async remember(userId: number, ip: string): Promise<boolean> {
    const rows = await this.orm
      .insert(knownLoginIps)
      .values({ userId, ip })
      .onConflictDoNothing()
      .returning({ one: sql<number>`1` });
    return rows.length > 0;
  }
}
