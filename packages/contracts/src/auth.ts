import {
  captchaQuerySchema,
  captchaResponseSchema,
  changePasswordBodySchema,
  loginBodySchema,
  registerBodySchema,
  resetPasswordBodySchema,
  sendEmailVerifyBodySchema,
  sessionResponseSchema,
  shareBodySchema,
  shareResponseSchema,
  userInfoBodySchema,
  userInfoResponseSchema,
} from './auth-schemas.js';
import { nothing } from './endpoint.js';
import { defineApi, endpoint, pathsOf } from './endpoint-core.js';

/**
 * Sign-in, sign-up and password reset, open to visitors (seed section 5). `openWhenClosed`: the call
 * still answers everyone while the site is closed (admins must be able to sign in to open it again).
 */
export const AUTH_API = defineApi('auth', {
  captcha: endpoint({
    method: 'GET',
    path: '/api/v1/api2/auth/captcha',
    access: 'public',
    openWhenClosed: true,
    summary: 'A new captcha (SVG), or none when captchas are switched off and not forced',
    query: captchaQuerySchema,
    response: captchaResponseSchema,
  }),
  login: endpoint({
    method: 'POST',
    path: '/api/v1/api2/auth/login',
    access: 'public',
    openWhenClosed: true,
    summary: 'Sign in with username or email and password',
    body: loginBodySchema,
    response: sessionResponseSchema,
  }),
  sendEmailVerify: endpoint({
    method: 'POST',
    path: '/api/v1/api2/auth/sendEmailVerify',
    access: 'public',
    summary: 'Email a 6-digit code for registration or password reset',
    body: sendEmailVerifyBodySchema,
    response: nothing,
  }),
  register: endpoint({
    method: 'POST',
    path: '/api/v1/api2/auth/register',
    access: 'public',
    summary: 'Create an account and sign in',
    body: registerBodySchema,
    response: sessionResponseSchema,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/api/v1/api2/auth/resetPassword',
    access: 'public',
    summary: 'Set a new password with an emailed code',
    body: resetPasswordBodySchema,
    response: nothing,
  }),
  /** Password login to one shared site's reports (served by the sites module). */
  share: endpoint({
    method: 'POST',
    path: '/api/v1/api2/auth/share',
    access: 'public',
    summary: "Open a client session on a shared site's reports",
    body: shareBodySchema,
    response: shareResponseSchema,
  }),
});

/** The calls' paths (tests name a call by its path). */
export const AUTH_PATHS = pathsOf(AUTH_API);

/** The signed-in user's own account. */
export const USER_API = defineApi('account', {
  info: endpoint({
    method: 'POST',
    path: '/api/v1/api2/user/info',
    access: 'session',
    summary: "The signed-in user's roles, profile, sites, public settings and ads",
    body: userInfoBodySchema.nullish(),
    response: userInfoResponseSchema,
  }),
  logout: endpoint({
    method: 'GET',
    path: '/api/v1/api2/user/logout',
    access: 'session',
    openWhenClosed: true,
    summary: 'End this session',
    response: nothing,
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/api/v1/api2/user/changePassword',
    access: 'account',
    summary: 'Change the own password (the old one is required)',
    body: changePasswordBodySchema,
    response: nothing,
  }),
});

/** The calls' paths (tests name a call by its path). */
export const USER_PATHS = pathsOf(USER_API);

/**
 * The audit trail's actions of a user changing their own password, or resetting it with an email code
 * (audit.ts gathers every area's; the web labels each).
 */
export const AUTH_AUDIT_ACTIONS = ['user.change_password', 'user.reset_password'] as const;
