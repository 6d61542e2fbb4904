import { randomBytes, randomInt } from 'node:crypto';
import type { CaptchaResponse } from '@tally/contracts';
import svgCaptcha from 'svg-captcha';
import { fieldError } from '../../lib/errors.js';
import { hmac } from '../../lib/tokens.js';
import type { CaptchaRepository } from './captcha.repository.js';

const TTL_MS = 5 * 60_000;
/** No look-alikes (0/O, 1/l/I): answers are compared case-insensitively. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** The package's default export renders given text, which its typings leave out. */
const render = svgCaptcha as unknown as (text: string, options: svgCaptcha.ConfigObject) => string;
const randomText = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(0, ALPHABET.length)]).join('');

export class CaptchaService {
  constructor(
    private readonly repo: CaptchaRepository,
    private readonly opts: {
      enabled: boolean;
      secret: string;
      /** Tests pass a known text source; production draws random text. */
      text?: () => string;
    },
  ) {}

  get enabled() {
    return this.opts.enabled;
  }

  /** `force`: a captcha even when they are switched off (a sign-in on an account under attack asks for one). */
  async create(force = false): Promise<CaptchaResponse> {
    if (!this.opts.enabled && !force) return { captcha_id: '', svg: '', enabled: false };
    const text = this.opts.text?.() ?? randomText();
    const data = render(text, { noise: 2, color: true });
    const id = randomBytes(16).toString('base64url');
    await this.repo.insert(id, this.hash(id, text), new Date(Date.now() + TTL_MS));
    return { captcha_id: id, svg: data, enabled: true };
  }

  /**
   * Throws a 422 on the `captcha` field unless the answer is right; any attempt uses the captcha up.
   * `required` defaults to whether captchas are switched on.
   */
  async verify(
    id: string | undefined,
    answer: string | undefined,
    required = this.opts.enabled,
  ): Promise<void> {
    if (!required) return;
    if (!id || !answer) throw fieldError('captcha', 'required');
    const row = await this.repo.take(id);
    if (!row || row.expiresAt.getTime() < Date.now() || row.answerHash !== this.hash(id, answer)) {
      throw fieldError('captcha', 'wrong or expired captcha, please try a new one');
    }
  }

  /** Only a keyed digest of the answer is stored. */
  private hash(id: string, answer: string) {
    return hmac(this.opts.secret, `${id}:${answer.trim().toLowerCase()}`);
  }

  purgeExpired() {
    return this.repo.purgeExpired(new Date());
  }
}
