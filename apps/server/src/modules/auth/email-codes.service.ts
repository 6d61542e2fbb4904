import { ERROR } from '@tally/contracts';
import { AppError, fieldError } from '../../lib/errors.js';
import { hmac, sixDigits } from '../../lib/tokens.js';
import type { MailContent, MailService } from '../mail/mail.service.js';
import type { EmailCodesRepository } from './email-codes.repository.js';

const TTL_MS = 10 * 60_000;
/** Seconds before another code may be sent to the same address. */
export const RESEND_AFTER_SEC = 60;
const RESEND_AFTER_MS = RESEND_AFTER_SEC * 1000;
const MAX_ATTEMPTS = 5;

export type CodePurpose = 'register' | 'reset';

/**
 * The mail of a code, in both languages: whoever asks for one is not signed in, so their language is
 * not known. The code itself is shown once, above the words.
 */
function codeMail(to: string, purpose: CodePurpose, code: string, title: string): MailContent {
  const zh = purpose === 'register' ? `注册${title}账号` : `找回${title}账号的密码`;
  const en =
    purpose === 'register' ? `registering an account at ${title}` : `resetting your password at ${title}`;
  return {
    to,
    subject:
      purpose === 'register'
        ? `${title} 注册验证码 / registration code`
        : `${title} 找回密码验证码 / password reset code`,
    code,
    sections: [
      {
        lang: 'zh',
        text: `您正在${zh}，请在 ${TTL_MS / 60_000} 分钟内输入上面的验证码。\n如果这不是您本人的操作，请忽略本邮件。`,
      },
      {
        lang: 'en',
        text: `You are ${en}: enter the code above within ${TTL_MS / 60_000} minutes.\nIf this was not you, you can ignore this mail.`,
      },
    ],
  };
}

export class EmailCodesService {
  constructor(
    private readonly repo: EmailCodesRepository,
    private readonly mail: MailService,
    private readonly secret: string,
  ) {}

  private hash(email: string, purpose: string, code: string) {
    return hmac(this.secret, `${email}|${purpose}|${code}`);
  }

  /** `quiet`: a code asked for again too soon is silently not sent (the caller answers the same either way). */
  async send(email: string, purpose: CodePurpose, opts: { quiet?: boolean } = {}): Promise<void> {
    const last = await this.repo.latest(email, purpose);
    const wait = last ? last.createdAt.getTime() + RESEND_AFTER_MS - Date.now() : 0;
    if (wait > 0 && opts.quiet) return;
    if (wait > 0) {
      throw new AppError(
        ERROR.THROTTLED,
        429,
        `Please wait ${Math.ceil(wait / 1000)} s before asking for another code.`,
        undefined,
        {
          'retry-after': String(Math.ceil(wait / 1000)),
        },
      );
    }
    const code = sixDigits();
    await this.repo.insert(email, purpose, this.hash(email, purpose, code), new Date(Date.now() + TTL_MS));
    await this.mail.send(codeMail(email, purpose, code, await this.mail.title()));
  }

  /** Only the latest code counts; each wrong try uses one of five attempts. */
  async verify(email: string, purpose: CodePurpose, code: string | undefined): Promise<void> {
    if (!code) throw fieldError('email_code', 'required');
    const row = await this.repo.latest(email, purpose);
    if (!row || row.consumedAt || row.expiresAt.getTime() < Date.now()) {
      throw fieldError('email_code', 'expired or not requested, please request a new code');
    }
    const attempts = await this.repo.countAttempt(row.id);
    if (attempts > MAX_ATTEMPTS)
      throw fieldError('email_code', 'too many attempts, please request a new code');
    if (row.codeHash !== this.hash(email, purpose, code)) throw fieldError('email_code', 'wrong code');
    if (!(await this.repo.consume(row.id))) throw fieldError('email_code', 'code already used');
  }

  /** Expired codes, and the unsent mail that carried them (a code outlives neither). */
  async purgeExpired() {
    await this.repo.purgeExpired(new Date());
    await this.mail.purgeStale(TTL_MS);
  }
}
