import { and, eq, gt, isNull, or } from 'drizzle-orm';
import { Repository } from '../../db/repository.js';
import { telegramAccounts, telegramLinkTokens } from '../../db/schema/index.js';

export class LinksRepository extends Repository {
  async createToken(tokenHash: string, userId: number, expiresAt: Date): Promise<void> {
    await this.orm.insert(telegramLinkTokens).values({ tokenHash, userId, expiresAt });
  }

  /** Marks the token used and answers its user: once, and only before it expires. */
  async consumeToken(tokenHash: string, now: Date): Promise<number | undefined> {
    const [row] = await this.orm
      .update(telegramLinkTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(telegramLinkTokens.tokenHash, tokenHash),
          isNull(telegramLinkTokens.usedAt),
          gt(telegramLinkTokens.expiresAt, now),
        ),
      )
      .returning({ userId: telegramLinkTokens.userId });
    return row?.userId;
  }

  /** One Telegram account per user and one user per Telegram account: a new link replaces both. */
  async link(userId: number, telegramUserId: number): Promise<void> {
    await this.orm
      .delete(telegramAccounts)
      .where(or(eq(telegramAccounts.userId, userId), eq(telegramAccounts.telegramUserId, telegramUserId)));
    await this.orm.insert(telegramAccounts).values({ userId, telegramUserId });
  }

  async userOf(telegramUserId: number): Promise<number | undefined> {
    const [row] = await this.orm
      .select({ userId: telegramAccounts.userId })
      .from(telegramAccounts)
      .where(eq(telegramAccounts.telegramUserId, telegramUserId));
    return row?.userId;
  }
}
