import {
  ERROR,
  type MessageLanguage,
  type SiteSummary,
  type UserInfoResponse,
  type UserRole,
} from '@tally/contracts';
import type { Executor } from '../../db/client.js';
import { AppError, fieldError, tokenInvalid } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { inviteCode, newPassword } from '../../lib/tokens.js';
import type { AuthContext, SessionsService } from '../sessions/sessions.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { ThrottleService } from '../throttle/throttle.service.js';
import type { UsersRepository } from './users.repository.js';

/**
 * What user/info needs from the sites area. The sites module is built before this one and passes its
 * SitesService here: the users area names only this interface, never the sites area's code.
 */
export interface SiteDirectory {
  sitesOfUser(userId: number, isAdmin: boolean): Promise<SiteSummary[]>;
  siteOfClient(siteId: number): Promise<SiteSummary | undefined>;
}

/** Wrong old passwords one session may send to `user/changePassword` in 15 minutes. */
export const CHANGE_PASSWORD_LIMITS = { max: 5, windowSec: 15 * 60 };

export interface AccountInput {
  username: string;
  email: string;
  password: string;
  roles: UserRole[];
  invitedBy?: number | null;
}

export class UsersService {
  /** What user/info counts as msgNum: areas built after this one add theirs (support tickets). */
  private readonly unreadCounters: ((userId: number) => Promise<number>)[] = [];

  constructor(
    private readonly repo: UsersRepository,
    private readonly sessions: SessionsService,
    private readonly settings: SettingsService,
    private readonly sites: SiteDirectory,
    private readonly throttle: ThrottleService,
  ) {}

  /** Who must hear of a new password (auth forgets the account's failed sign-ins): auth is built after users. */
  private readonly passwordListeners: ((userId: number) => Promise<void>)[] = [];

  onPasswordChange(listener: (userId: number) => Promise<void>): void {
    this.passwordListeners.push(listener);
  }

  /** Tells the listeners an account has a new password (after the change committed). */
  async passwordChanged(userId: number): Promise<void> {
    for (const listener of this.passwordListeners) await listener(userId);
  }

  /** Adds a source of unread messages to msgNum (the tickets module: support replies not read). */
  countUnread(counter: (userId: number) => Promise<number>): void {
    this.unreadCounters.push(counter);
  }

  private async unread(userId: number): Promise<number> {
    const counts = await Promise.all(this.unreadCounters.map((count) => count(userId)));
    return counts.reduce((sum, n) => sum + n, 0);
  }

  /** A new account with a fresh unique invite code; on `tx` when it is part of a larger change. */
  async create(input: AccountInput, tx?: Executor) {
    const repo = tx ? this.repo.in(tx) : this.repo;
    return repo.insert({
      username: input.username,
      email: input.email.toLowerCase(),
      passwordHash: await hashPassword(input.password),
      roles: input.roles,
      inviteCode: await this.freeInviteCode(repo),
      invitedBy: input.invitedBy ?? null,
    });
  }

  private async freeInviteCode(repo: UsersRepository): Promise<string> {
    for (;;) {
      const code = inviteCode();
      if (!(await repo.findByInviteCode(code))) return code;
    }
  }

  /**
   * For the CLI: creates the account, or resets password and roles of the one with that email. A new
   * account takes `username` when given (refused clearly when another account has it), else the first
   * free one of `usernameBase`, `usernameBase2`, … (the first start already took `admin`).
   */
  async upsertAccount(
    input: Omit<AccountInput, 'username'> & { username?: string; usernameBase?: string },
  ): Promise<{ id: number; created: boolean; username: string }> {
    const existing = await this.repo.findByEmail(input.email);
    if (!existing) {
      const username = input.username ?? (await this.freeUsername(input.usernameBase ?? 'user', input.email));
      if (
        input.username !== undefined &&
        (await this.repo.taken(username, input.email.toLowerCase())).username
      )
        throw new AppError(
          ERROR.VALIDATION,
          422,
          `the username "${username}" belongs to another account: choose another with --username`,
        );
      return { id: (await this.create({ ...input, username })).id, created: true, username };
    }
    await this.repo.update(existing.id, {
      passwordHash: await hashPassword(input.password),
      roles: input.roles,
      status: 'active',
    });
    await this.sessions.revokeAllForUser(existing.id);
    await this.passwordChanged(existing.id);
    return { id: existing.id, created: false, username: existing.username };
  }

  private async freeUsername(base: string, email: string): Promise<string> {
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? base : `${base}${n}`;
      if (!(await this.repo.taken(candidate, email.toLowerCase())).username) return candidate;
    }
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

  recordLogin(id: number, ip: string) {
    return this.repo.recordLogin(id, ip);
  }

  /** A new password ends every session of the account and forgets its failed sign-ins (the reset flow, via auth's listener). */
  async setPassword(id: number, password: string): Promise<void> {
    await this.repo.update(id, { passwordHash: await hashPassword(password) });
    await this.sessions.revokeAllForUser(id);
    await this.passwordChanged(id);
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
    const account = { email: email ?? 'admin@localhost', password: password ?? generated! };
    await this.upsertAccount({ ...account, usernameBase: 'admin', roles: ['admin'] });
    return { email: account.email, password: generated };
  }

  /** `language`: the caller's (lib/language.ts); remembered for the user's mail when it changed. */
  async info(auth: AuthContext, language?: MessageLanguage): Promise<UserInfoResponse> {
    const { set, ads } = await this.settings.publicSettings();
    if (auth.kind === 'client') {
      const site = auth.siteId ? await this.sites.siteOfClient(auth.siteId) : undefined;
      if (!site) throw tokenInvalid();
      return {
        userInfo: { roles: ['client'], name: site.name, avatar: '', is_admin: 0 },
        is_client: 1,
        sites: [site],
        invite_code: '',
        msgNum: 0,
        set,
        ads,
      };
    }
    const user = await this.repo.findById(auth.userId!);
    if (!user) throw tokenInvalid();
    if (language && user.language !== language) await this.repo.setLanguage(user.id, language);
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
      // Unread messages: support replies not read yet (modules/tickets adds its counter).
      msgNum: await this.unread(user.id),
      set,
      ads,
    };
  }

  async changePassword(auth: AuthContext, oldPassword: string, newPassword: string): Promise<void> {
    const user = await this.repo.findById(auth.userId!);
    if (!user) throw tokenInvalid();
    // A stolen session must not become a password oracle: wrong old passwords are limited per session.
    const failures = { key: `password:session:${auth.sessionId}`, ...CHANGE_PASSWORD_LIMITS };
    await this.throttle.refuseAfterFailures(failures);
    if (!(await verifyPassword(user.passwordHash, oldPassword))) {
      await this.throttle.fail(failures.key, failures.windowSec);
      throw fieldError('old_password', 'wrong password');
    }
    if (oldPassword === newPassword) throw fieldError('new_password', 'must differ from the old password');
    await this.repo.update(user.id, { passwordHash: await hashPassword(newPassword) });
    await this.sessions.revokeAllForUser(user.id, auth.sessionId);
    await this.passwordChanged(user.id);
  }
}
