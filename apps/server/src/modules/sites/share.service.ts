import type { SiteSummary } from '@tally/contracts';
import { AppError, fieldError } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { newToken } from '../../lib/tokens.js';
import type { AuthContext, SessionsService } from '../sessions/sessions.service.js';
import type { ThrottleService } from '../throttle/throttle.service.js';
import type { SitesRepository } from './sites.repository.js';
import { type SitesService, toSummary } from './sites.service.js';

/**
 * Wrong share passwords are counted per link as well as per address, so guesses spread over many
 * addresses run out too. A link's holders share its budget: ten wrong passwords close the link for
 * what is left of ten minutes (the owner can rotate it or change its password at once).
 */
export const SHARE_LIMITS = { perIpPer10Min: 30, failuresPerLink: 10, windowSec: 600 };

const linkFailuresKey = (siteId: number) => `share:link:${siteId}`;

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
    return (await this.sites.get(auth, site.id, origin)).share;
  }

  /** `POST auth/share`: token (+ password) → a client session for that one site. */
  async login(
    input: { token: string; password?: string },
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
    if (site.sharePasswordHash) await this.checkPassword(site.id, site.sharePasswordHash, input.password);
    const token = await this.sessions.open({ kind: 'client', userId: null, siteId: site.id, ...client });
    const summary = toSummary(site);
    return { site: summary, sites: [summary], x_token: token };
  }

  private async checkPassword(siteId: number, hash: string, password: string | undefined): Promise<void> {
    if (!password) throw fieldError('password', 'required');
    const failures = {
      key: linkFailuresKey(siteId),
      max: SHARE_LIMITS.failuresPerLink,
      windowSec: SHARE_LIMITS.windowSec,
    };
    await this.throttle.refuseAfterFailures(failures);
    if (!(await verifyPassword(hash, password))) {
      await this.throttle.fail(failures.key, failures.windowSec);
      throw fieldError('password', 'wrong password');
    }
  }
}
