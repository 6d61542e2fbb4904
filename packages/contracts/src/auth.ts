import { z } from 'zod';
import { roleSchema } from './roles.js';
import { adSchema, publicSettingsSchema } from './settings.js';

/** NUL cannot be stored in PostgreSQL text, and no field of ours has a use for control characters. */
const trimmed = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `at most ${max} characters`)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting them is the point
    .regex(/^[^\u0000-\u0008\u000b\u000c\u000e-\u001f]*$/, 'contains control characters');

// The paths have their own module: the web's entry chunk needs them without this module's schemas.
export { AUTH_PATHS, USER_PATHS } from './auth-paths.js';

export const usernameSchema = trimmed(32)
  .min(3, 'at least 3 characters')
  .regex(
    /^[A-Za-z0-9_\u4e00-\u9fa5][A-Za-z0-9_.\-\u4e00-\u9fa5]*$/u,
    'letters, digits, _ . - or Chinese characters',
  );
export const emailSchema = trimmed(254).toLowerCase().pipe(z.email('not a valid email address'));
export const passwordSchema = z.string().min(8, 'at least 8 characters').max(128, 'at most 128 characters');
export const emailCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, '6 digits');

export const captchaResponseSchema = z.object({
  captcha_id: z.string(),
  /** SVG markup; empty when captchas are switched off by configuration. */
  svg: z.string(),
  enabled: z.boolean(),
});
export type CaptchaResponse = z.infer<typeof captchaResponseSchema>;

/** `force=1`: a captcha even when captchas are switched off (the login form asks after a captcha demand). */
export const captchaQuerySchema = z.object({ force: z.enum(['0', '1']).optional() }).loose();

const captchaFields = {
  captcha_id: trimmed(64).optional(),
  captcha: trimmed(16).optional(),
};

export const loginBodySchema = z.object({
  /** Username or email. */
  username: trimmed(254).min(1, 'required'),
  password: z.string().min(1, 'required').max(128, 'at most 128 characters'),
  ...captchaFields,
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const sessionResponseSchema = z.object({ x_token: z.string(), name: z.string() });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const EMAIL_PURPOSES = ['register', 'reset'] as const;
export const sendEmailVerifyBodySchema = z.object({
  email: emailSchema,
  purpose: z.enum(EMAIL_PURPOSES).default('register'),
  ...captchaFields,
});
export type SendEmailVerifyBody = z.infer<typeof sendEmailVerifyBodySchema>;

export const registerBodySchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  email_code: emailCodeSchema.optional(),
  invite_code: trimmed(32).optional(),
  ...captchaFields,
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const resetPasswordBodySchema = z.object({
  email: emailSchema,
  email_code: emailCodeSchema,
  password: passwordSchema,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

export const changePasswordBodySchema = z.object({
  old_password: z.string().min(1, 'required').max(128, 'at most 128 characters'),
  new_password: passwordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const shareBodySchema = z.object({
  token: trimmed(128).min(1, 'required'),
  password: z.string().max(128).optional(),
});
export type ShareBody = z.infer<typeof shareBodySchema>;

export const siteSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  domain: z.string(),
});
export type SiteSummary = z.infer<typeof siteSummarySchema>;

export const shareResponseSchema = z.object({
  site: siteSummarySchema,
  sites: z.array(siteSummarySchema),
  x_token: z.string(),
});

/** `user/info` body: the seed's two variants send `roles` or nothing. */
export const userInfoBodySchema = z.object({ roles: z.unknown().optional() }).loose();

export const userInfoResponseSchema = z.object({
  userInfo: z.object({
    roles: z.array(roleSchema).min(1),
    name: z.string(),
    avatar: z.string(),
    is_admin: z.union([z.literal(0), z.literal(1)]),
    email: z.string().optional(),
  }),
  is_client: z.union([z.literal(0), z.literal(1)]),
  sites: z.array(siteSummarySchema),
  invite_code: z.string(),
  set: publicSettingsSchema,
  ads: z.array(adSchema),
});
export type UserInfoResponse = z.infer<typeof userInfoResponseSchema>;
