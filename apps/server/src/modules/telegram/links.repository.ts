import type { MessageLanguage } from '@tally/contracts';
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import { Repository } from '../../db/repository.js';
import { telegramAccounts, telegramBots, telegramLinkTokens } from '../../db/schema/index.js';

/** Where a user's notices go: the linked account, through the (enabled) bot it said /start to. */
export interface NoticeTarget {
  telegramUserId: number;
  botId: number;
  language: MessageLanguage;
}

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
  async link(
    userId: number,
    telegramUserId: number,
    via: { botId: number; language: MessageLanguage },
  ): Promise<void> {
    await this.orm
      .delete(telegramAccounts)
      .where(or(eq(telegramAccounts.userId, userId), eq(telegramAccounts.telegramUserId, telegramUserId)));
    await this.orm.insert(telegramAccounts).values({ userId, telegramUserId, ...via });
  }

  /** The user's linked account, if its bot is still there and enabled (else no notice can go). */
  async noticeTarget(userId: number): Promise<NoticeTarget | undefined> {
    const [row] = await this.orm
      .select({
        telegramUserId: telegramAccounts.telegramUserId,
        botId: telegramBots.id,
        language: telegramAccounts.language,
      })
      .from(telegramAccounts)
      .innerJoin(telegramBots, eq(telegramBots.id, telegramAccounts.botId))
      .where(and(eq(telegramAccounts.userId, userId), eq(telegramBots.enabled, true)));
    return row && { ...row, language: row.language === 'en' ? 'en' : 'zh' };
  }

  async userOf(telegramUserId: number): Promise<number | undefined> {
    const [row] = await this.orm
      .select({ userId: telegramAccounts.userId })
      .from(telegramAccounts)
      .where(eq(telegramAccounts.telegramUserId, telegramUserId));
    return row?.userId;
  }
}
