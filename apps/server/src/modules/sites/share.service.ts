import type { SiteSummary } from '@tally/contracts';
import { AppError, fieldError } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { newToken } from '../../lib/tokens.js';
import type { CaptchaService } from '../captcha/captcha.service.js';
import type { AuthContext, SessionsService } from '../sessions/sessions.service.js';
import type { ThrottleService } from '../throttle/throttle.service.js';
import type { SitesRepository } from './sites.repository.js';
import { type SitesService, toSummary } from './sites.service.js';

/**
 * Wrong share passwords, counted within ten minutes, never shut the link for the people who know its
 * password (as a lock an attacker could keep closed would):
 * - per address AND link: ten from one address refuse that address's tries on that link (429, even the
 *   right password) for what is left of the ten minutes; other addresses are not slowed;
 * - per link, all addresses together: after ten, every try on the link needs a solved captcha (422 on
 *   `captcha` until one is sent, as sign-in asks on an account under attack), so guesses spread over
 *   many addresses each cost a captcha while the right password with a captcha still opens it.
 * The owner can also rotate the link or change its password, which starts both counts again.
 */
export const SHARE_LIMITS = {
  perIpPer10Min: 30,
  failuresPerSource: 10,
  captchaAfterLinkFailures: 10,
  windowSec: 600,
};

const linkFailuresKey = (siteId: number) => `share:link:${siteId}`;
const sourceFailuresKey = (siteId: number, ip: string) => `share:src:${siteId}|${ip}`;

export type ShareAction = 'enable' | 'rotate' | 'revoke' | 'password';

/**
 * Share links: a token in a URL that opens a read-only client session bound to one site. Rotating,
 * revoking or changing the password ends every client session of the site, so a leaked link or
 * password stops working at the holder's next call.
 */
export class ShareService {
  constructor(
    private readonly repo: SitesRepository,
    private readonly sites: SitesService,
    private readonly sessions: SessionsService,
    private readonly throttle: ThrottleService,
    private readonly captcha: CaptchaService,
  ) {}

  async manage(
    auth: AuthContext,
    id: number,
    action: ShareAction,
    password?: string | null,
    origin?: string,
  ) {
    const site = await this.sites.owned(auth, id);
    const passwordHash = password ? await hashPassword(password) : null;
    switch (action) {
      case 'enable':
        await this.repo.update(site.id, {
          shareToken: site.shareToken ?? newToken(),
          ...(password === undefined ? {} : { sharePasswordHash: passwordHash }),
        });
        if (password !== undefined) await this.sessions.revokeClientsOfSite(site.id);
        break;
      case 'rotate':
        await this.repo.update(site.id, { shareToken: newToken() });
        await this.sessions.revokeClientsOfSite(site.id);
        break;
      case 'revoke':
        await this.repo.update(site.id, { shareToken: null, sharePasswordHash: null });
        await this.sessions.revokeClientsOfSite(site.id);
        break;
      case 'password':
        await this.repo.update(site.id, { sharePasswordHash: passwordHash });
        await this.sessions.revokeClientsOfSite(site.id);
        break;
    }
    // A new link or password starts with a fresh budget of wrong passwords.
    await this.throttle.reset(linkFailuresKey(site.id));
    await this.throttle.resetPrefix(sourceFailuresKey(site.id, ''));
    return (await this.sites.get(auth, site.id, origin)).share;
  }

  /** `POST auth/share`: token (+ password) → a client session for that one site. */
  async login(
    input: { token: string; password?: string; captcha_id?: string; captcha?: string },
    client: { ip: string; userAgent?: string },
  ): Promise<{ site: SiteSummary; sites: SiteSummary[]; x_token: string }> {
    await this.throttle.check({
      key: `share:ip:${client.ip}`,
      max: SHARE_LIMITS.perIpPer10Min,
      windowSec: 600,
    });
    // Disabled sites and sites of disabled owners answer like a revoked link.
    const site = await this.repo.findShareable(input.token);
    if (!site) throw new AppError('NOT_FOUND', 404, 'This share link does not exist or was revoked.');
    if (site.sharePasswordHash) await this.checkPassword(site.id, site.sharePasswordHash, input, client.ip);
    const token = await this.sessions.open({ kind: 'client', userId: null, siteId: site.id, ...client });
    const summary = toSummary(site);
    return { site: summary, sites: [summary], x_token: token };
  }

  private async checkPassword(
    siteId: number,
    hash: string,
    input: { password?: string; captcha_id?: string; captcha?: string },
    ip: string,
  ): Promise<void> {
    if (!input.password) throw fieldError('password', 'required');
    const { windowSec } = SHARE_LIMITS;
    const source = sourceFailuresKey(siteId, ip);
    await this.throttle.refuseAfterFailures({ key: source, max: SHARE_LIMITS.failuresPerSource, windowSec });
    const underAttack =
      (await this.throttle.failures(linkFailuresKey(siteId), windowSec)) >=
      SHARE_LIMITS.captchaAfterLinkFailures;
    await this.captcha.verify(input.captcha_id, input.captcha, underAttack);
    if (!(await verifyPassword(hash, input.password))) {
      await this.throttle.fail(linkFailuresKey(siteId), windowSec);
      await this.throttle.fail(source, windowSec);
      throw fieldError('password', 'wrong password');
    }
  }
}
