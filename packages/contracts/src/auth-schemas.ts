/**
 * The schemas of sign-in, sign-up and the account (auth.ts declares their calls). Apart from the calls
 * so that the web's first load, which needs the calls' paths, does not carry them and zod with them.
 */
import { z } from 'zod';
import { roleSchema } from './roles.js';
import { adSchema, publicSettingsSchema } from './settings.js';
import { plainText, storableString } from './text.js';

export const usernameSchema = plainText(32)
  .min(3, 'at least 3 characters')
  .regex(
    /^[A-Za-z0-9_\u4e00-\u9fa5][A-Za-z0-9_.\-\u4e00-\u9fa5]*$/u,
    'letters, digits, _ . - or Chinese characters',
  );
export const emailSchema = plainText(254).toLowerCase().pipe(z.email('not a valid email address'));
export const passwordSchema = storableString()
  .min(8, 'at least 8 characters')
  .max(128, 'at most 128 characters');
export const emailCodeSchema = storableString()
  .trim()
  .regex(/^\d{6}$/, '6 digits');

export const captchaResponseSchema = z.object({
  captcha_id: storableString(),
  /** SVG markup; empty when captchas are switched off by configuration. */
  svg: storableString(),
  enabled: z.boolean(),
});
export type CaptchaResponse = z.infer<typeof captchaResponseSchema>;

/** `force=1`: a captcha even when captchas are switched off (the login form asks after a captcha demand). */
export const captchaQuerySchema = z.object({ force: z.enum(['0', '1']).optional() }).loose();

const captchaFields = {
  captcha_id: plainText(64).optional(),
  captcha: plainText(16).optional(),
};

export const loginBodySchema = z.object({
  /** Username or email. */
  username: plainText(254).min(1, 'required'),
  password: storableString().min(1, 'required').max(128, 'at most 128 characters'),
  ...captchaFields,
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const sessionResponseSchema = z.object({ x_token: storableString(), name: storableString() });
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
  invite_code: plainText(32).optional(),
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
  old_password: storableString().min(1, 'required').max(128, 'at most 128 characters'),
  new_password: passwordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const shareBodySchema = z.object({
  token: plainText(128).min(1, 'required'),
  password: storableString().max(128).optional(),
  /** Asked for (422 on `captcha`) once a link has met 10 wrong passwords, from any address. */
  ...captchaFields,
});
export type ShareBody = z.infer<typeof shareBodySchema>;

export const siteSummarySchema = z.object({
  id: z.number().int(),
  name: storableString(),
  domain: storableString(),
});
export type SiteSummary = z.infer<typeof siteSummarySchema>;

export const shareResponseSchema = z.object({
  site: siteSummarySchema,
  sites: z.array(siteSummarySchema),
  x_token: storableString(),
});
export type ShareResponse = z.infer<typeof shareResponseSchema>;

/** `user/info` body: the seed's two variants send `roles` or nothing. */
export const userInfoBodySchema = z.object({ roles: z.unknown().optional() }).loose();

export const userInfoResponseSchema = z.object({
  userInfo: z.object({
    roles: z.array(roleSchema).min(1),
    name: storableString(),
    avatar: storableString(),
    is_admin: z.union([z.literal(0), z.literal(1)]),
    email: storableString().optional(),
  }),
  is_client: z.union([z.literal(0), z.literal(1)]),
  sites: z.array(siteSummarySchema),
  invite_code: storableString(),
  /** The app state's unread notifications (seed section 3); 0 until support tickets exist. */
  msgNum: z.number().int().min(0),
  set: publicSettingsSchema,
  ads: z.array(adSchema),
});
export type UserInfoResponse = z.infer<typeof userInfoResponseSchema>;
