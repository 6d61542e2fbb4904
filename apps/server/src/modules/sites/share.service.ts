import type { SiteSummary } from '@tally/contracts';
import { AppError, fieldError } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { newToken } from '../../lib/tokens.js';
import type { AuthContext, SessionsService } from '../sessions/sessions.service.js';
import type { ThrottleService } from '../throttle/throttle.service.js';
import type { SitesRepository } from './sites.repository.js';
import { type SitesService, toSummary } from './sites.service.js';

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
    return (await this.sites.get(auth, site.id, origin)).share;
  }

  /** `POST auth/share`: token (+ password) → a client session for that one site. */
  async login(
    input: { token: string; password?: string },
    client: { ip: string; userAgent?: string },
  ): Promise<{ site: SiteSummary; sites: SiteSummary[]; x_token: string }> {
    await this.throttle.check({ key: `share:ip:${client.ip}`, max: 30, windowSec: 600 });
    const site = await this.repo.findByShareToken(input.token);
    if (!site) throw new AppError('NOT_FOUND', 404, 'This share link does not exist or was revoked.');
    if (site.sharePasswordHash) {
      if (!input.password) throw fieldError('password', 'required');
      if (!(await verifyPassword(site.sharePasswordHash, input.password)))
        throw fieldError('password', 'wrong password');
    }
    const token = await this.sessions.open({ kind: 'client', userId: null, siteId: site.id, ...client });
    const summary = toSummary(site);
    return { site: summary, sites: [summary], x_token: token };
  }
}
