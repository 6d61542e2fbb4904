import type { SiteSummary, UserInfoResponse, UserRole } from '@tally/contracts';
import { fieldError, tokenInvalid } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { inviteCode, newPassword } from '../../lib/tokens.js';
import type { AuthContext, SessionsService } from '../sessions/sessions.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { UsersRepository } from './users.repository.js';

/**
 * What user/info needs from the sites area. The sites module is built before this one and passes its
 * SitesService here: the users area names only this interface, never the sites area's code.
 */
export interface SiteDirectory {
  sitesOfUser(userId: number, isAdmin: boolean): Promise<SiteSummary[]>;
  siteOfClient(siteId: number): Promise<SiteSummary | undefined>;
}

export interface AccountInput {
  username: string;
  email: string;
  password: string;
  roles: UserRole[];
  invitedBy?: number | null;
}

export class UsersService {
  constructor(
    private readonly repo: UsersRepository,
    private readonly sessions: SessionsService,
    private readonly settings: SettingsService,
    private readonly sites: SiteDirectory,
  ) {}

  async create(input: AccountInput) {
    return this.repo.insert({
      username: input.username,
      email: input.email.toLowerCase(),
      passwordHash: await hashPassword(input.password),
      roles: input.roles,
      inviteCode: await this.freeInviteCode(),
      invitedBy: input.invitedBy ?? null,
    });
  }

  private async freeInviteCode(): Promise<string> {
    for (;;) {
      const code = inviteCode();
      if (!(await this.repo.findByInviteCode(code))) return code;
    }
  }

  /** For the CLI: creates the account, or resets password and roles of the one with that email. */
  async upsertAccount(input: AccountInput): Promise<{ id: number; created: boolean }> {
    const existing = await this.repo.findByEmail(input.email);
    if (!existing) return { id: (await this.create(input)).id, created: true };
    await this.repo.update(existing.id, {
      passwordHash: await hashPassword(input.password),
      roles: input.roles,
      status: 'active',
    });
    await this.sessions.revokeAllForUser(existing.id);
    return { id: existing.id, created: false };
  }

  /** Login accepts the username (any case) or the email. */
  findByLogin(login: string) {
    return this.repo.findByLogin(login);
  }

  findByEmail(email: string) {
    return this.repo.findByEmail(email);
  }

  findByInviteCode(code: string) {
    return this.repo.findByInviteCode(code);
  }

  taken(username: string, email: string) {
    return this.repo.taken(username, email);
  }

  recordFailedLogin(id: number, max: number, lockSeconds: number) {
    return this.repo.recordFailedLogin(id, max, lockSeconds);
  }

  recordLogin(id: number, ip: string) {
    return this.repo.recordLogin(id, ip);
  }

  /** A new password ends every session of the account (the reset flow). */
  async setPassword(id: number, password: string): Promise<void> {
    await this.repo.update(id, { passwordHash: await hashPassword(password) });
    await this.sessions.revokeAllForUser(id);
  }

  /** The account with this email, if any (the preview's demo owner). */
  async idByEmail(email: string): Promise<number | undefined> {
    return (await this.repo.findByEmail(email))?.id;
  }

  /** On first start: an admin from ADMIN_EMAIL/ADMIN_PASSWORD, else one with a generated password. */
  async ensureFirstAdmin(
    email?: string,
    password?: string,
  ): Promise<{ email: string; password?: string } | undefined> {
    if (await this.repo.hasAdmin()) return undefined;
    const generated = password ? undefined : newPassword();
    const account = {
      username: 'admin',
      email: email ?? 'admin@localhost',
      password: password ?? generated!,
    };
    await this.upsertAccount({ ...account, roles: ['admin'] });
    return { email: account.email, password: generated };
  }

  async info(auth: AuthContext): Promise<UserInfoResponse> {
    const { set, ads } = await this.settings.publicSettings();
    if (auth.kind === 'client') {
      const site = auth.siteId ? await this.sites.siteOfClient(auth.siteId) : undefined;
      if (!site) throw tokenInvalid();
      return {
        userInfo: { roles: ['client'], name: site.name, avatar: '', is_admin: 0 },
        is_client: 1,
        sites: [site],
        invite_code: '',
        set,
        ads,
      };
    }
    const user = await this.repo.findById(auth.userId!);
    if (!user) throw tokenInvalid();
    const isAdmin = user.roles.includes('admin');
    return {
      userInfo: {
        roles: auth.roles,
        name: user.username,
        avatar: user.avatar,
        is_admin: isAdmin ? 1 : 0,
        email: user.email,
      },
      is_client: 0,
      sites: await this.sites.sitesOfUser(user.id, isAdmin),
      invite_code: user.inviteCode,
      set,
      ads,
    };
  }

  async changePassword(auth: AuthContext, oldPassword: string, newPassword: string): Promise<void> {
    const user = await this.repo.findById(auth.userId!);
    if (!user) throw tokenInvalid();
    if (!(await verifyPassword(user.passwordHash, oldPassword)))
      throw fieldError('old_password', 'wrong password');
    if (oldPassword === newPassword) throw fieldError('new_password', 'must differ from the old password');
    await this.repo.update(user.id, { passwordHash: await hashPassword(newPassword) });
    await this.sessions.revokeAllForUser(user.id, auth.sessionId);
  }
}
