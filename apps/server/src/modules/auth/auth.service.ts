import {
  ERROR,
  type LoginBody,
  type RegisterBody,
  type ResetPasswordBody,
  type SendEmailVerifyBody,
  type SessionResponse,
} from '@tally/contracts';
import { isUniqueViolation } from '../../db/pg-errors.js';
import { AppError, fieldError } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/passwords.js';
import type { CaptchaService } from '../captcha/captcha.service.js';
import type { SessionsService } from '../sessions/sessions.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { Notices } from '../telegram/notices.service.js';
import type { ThrottleService } from '../throttle/throttle.service.js';
import type { UsersService } from '../users/users.service.js';
import { type EmailCodesService, RESEND_AFTER_SEC } from './email-codes.service.js';
import { attemptOf, LOGIN_LIMITS, LoginGuard } from './login-guard.js';

export interface ClientMeta {
  ip: string;
  userAgent?: string;
}

/** A banned account's sign-in (用户管理's ban switch); worded in Chinese by the message catalogue. */
export const BANNED_MESSAGE = 'This account has been banned. Please contact support.';

const badCredentials = () => new AppError(ERROR.BAD_CREDENTIALS, 401, 'Account and password are incorrect.');

export class AuthService {
  constructor(
    private readonly deps: {
      users: UsersService;
      sessions: SessionsService;
      settings: SettingsService;
      captcha: CaptchaService;
      throttle: ThrottleService;
      codes: EmailCodesService;
      notices: Notices;
    },
  ) {
    this.guard = new LoginGuard(deps.throttle, deps.captcha);
  }

  private readonly guard: LoginGuard;

  async login(body: LoginBody, meta: ClientMeta): Promise<SessionResponse> {
    const { users, throttle } = this.deps;
    await throttle.check({ key: `login:ip:${meta.ip}`, max: LOGIN_LIMITS.perIpPerMinute, windowSec: 60 });
    const login = body.username.toLowerCase();
    const user = await users.findByLogin(login);
    const attempt = attemptOf(user?.id, login, meta.ip);
    await this.guard.admit(attempt, body);
    const ok = await verifyPassword(user?.passwordHash, body.password);
    if (!user || !ok) {
      await this.guard.failed(attempt);
      throw badCredentials();
    }
    // Only someone who knows the password learns that the account is banned.
    if (user.status !== 'active') throw new AppError(ERROR.DISABLED, 423, BANNED_MESSAGE);
    await this.guard.succeeded(attempt);
    await users.recordLogin(user.id, meta.ip);
    const session = await this.openSession(user, meta);
    await this.deps.notices.signedIn(user.id, meta.ip, user.lastLoginIp);
    return session;
  }

  private async openSession(
    user: { id: number; username: string },
    meta: ClientMeta,
  ): Promise<SessionResponse> {
    const token = await this.deps.sessions.open({
      kind: 'user',
      userId: user.id,
      ip: meta.ip,
      userAgent: meta.userAgent,
    });
    return { x_token: token, name: user.username };
  }

  async sendEmailCode(body: SendEmailVerifyBody, meta: ClientMeta): Promise<void> {
    const { throttle, users, codes, settings, captcha } = this.deps;
    const { email, purpose } = body;
    await throttle.check({ key: `mailcode:ip:${meta.ip}`, max: 20, windowSec: 3600 });
    await captcha.verify(body.captcha_id, body.captcha);
    if (purpose === 'register') {
      if (!(await settings.get('registration_open'))) throw registrationClosed();
      if (await users.findByEmail(email)) throw fieldError('email', 'already registered');
      await codes.send(email, purpose);
      return;
    }
    // A reset request answers the same whether or not the address has an account: one request per
    // address a minute for both (so the 429 reveals nothing), and no mail for an unknown address.
    await throttle.check({
      key: `mailcode:reset:${email}`,
      max: 1,
      windowSec: RESEND_AFTER_SEC,
      message: 'Please wait before asking for another code.',
    });
    if (await users.findByEmail(email)) await codes.send(email, purpose, { quiet: true });
  }

  async register(body: RegisterBody, meta: ClientMeta): Promise<SessionResponse> {
    const { throttle, settings, codes, users } = this.deps;
    const all = await settings.all();
    if (!all.registration_open) throw registrationClosed();
    await throttle.check({ key: `register:ip:${meta.ip}`, max: 10, windowSec: 3600 });
    await this.deps.captcha.verify(body.captcha_id, body.captcha);

    const taken = await users.taken(body.username, body.email);
    if (taken.username) throw fieldError('username', 'already taken');
    if (taken.email) throw fieldError('email', 'already registered');
    let invitedBy: number | null = null;
    if (body.invite_code) {
      const inviter = await users.findByInviteCode(body.invite_code);
      if (!inviter) throw fieldError('invite_code', 'unknown invite code');
      invitedBy = inviter.id;
    } else if (all.register_invite_required) {
      throw fieldError('invite_code', 'required');
    }
    if (all.register_email_code) await codes.verify(body.email, 'register', body.email_code);

    try {
      return this.openSession(await users.create({ ...body, roles: ['user'], invitedBy }), meta);
    } catch (err) {
      if (isUniqueViolation(err)) throw fieldError('username', 'already taken');
      throw err;
    }
  }

  async resetPassword(body: ResetPasswordBody, meta: ClientMeta): Promise<number> {
    const { throttle, users, codes } = this.deps;
    await throttle.check({ key: `reset:ip:${meta.ip}`, max: 20, windowSec: 3600 });
    await codes.verify(body.email, 'reset', body.email_code);
    const user = await users.findByEmail(body.email);
    if (!user) throw fieldError('email_code', 'wrong code');
    await users.setPassword(user.id, body.password);
    return user.id;
  }
}

const registrationClosed = () => new AppError(ERROR.DISABLED, 400, 'Registration is closed.');
