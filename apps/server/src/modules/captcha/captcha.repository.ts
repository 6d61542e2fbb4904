import { eq, lte } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import { captchas } from '../../db/schema/index.js';

export class CaptchaRepository {
  constructor(private readonly orm: Orm) {}

  async insert(id: string, answerHash: string, expiresAt: Date): Promise<void> {
    await this.orm.insert(captchas).values({ id, answerHash, expiresAt });
  }

  /** Deleting while reading makes each captcha single-use, even under concurrent attempts. */
  async take(id: string): Promise<{ answerHash: string; expiresAt: Date } | undefined> {
    const [row] = await this.orm
      .delete(captchas)
      .where(eq(captchas.id, id))
      .returning({ answerHash: captchas.answerHash, expiresAt: captchas.expiresAt });
    return row;
  }

  async purgeExpired(now: Date): Promise<void> {
    await this.orm.delete(captchas).where(lte(captchas.expiresAt, now));
  }
}
