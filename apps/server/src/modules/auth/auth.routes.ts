import {
  AUTH_PATHS,
  captchaResponseSchema,
  loginBodySchema,
  registerBodySchema,
  resetPasswordBodySchema,
  sendEmailVerifyBodySchema,
  sessionResponseSchema,
} from '@tally/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okSchema } from '../../lib/openapi.js';
import type { AuditService } from '../audit/audit.service.js';
import type { CaptchaService } from '../captcha/captcha.service.js';
import type { ThrottleService } from '../throttle/throttle.service.js';
import type { AuthService, ClientMeta } from './auth.service.js';

export interface AuthRoutesDeps {
  auth: AuthService;
  captcha: CaptchaService;
  throttle: ThrottleService;
  audit: AuditService;
}

const meta = (request: FastifyRequest): ClientMeta => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});
const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesDeps> = async (
  app,
  { auth, captcha, throttle, audit },
) => {
  app.get(
    AUTH_PATHS.captcha,
    {
      config: { access: 'public', openWhenClosed: true },
      schema: { tags, response: { 200: captchaResponseSchema } },
    },
    async (request) => {
      await throttle.check({ key: `captcha:ip:${request.ip}`, max: 60, windowSec: 60 });
      return captcha.create();
    },
  );

  app.post(
    AUTH_PATHS.login,
    {
      // Admins must be able to sign in to open the site again.
      config: { access: 'public', openWhenClosed: true },
      schema: { tags, body: loginBodySchema, response: { 200: sessionResponseSchema } },
    },
    (request) => auth.login(request.body, meta(request)),
  );

  app.post(
    AUTH_PATHS.sendEmailVerify,
    {
      config: { access: 'public' },
      schema: { tags, body: sendEmailVerifyBodySchema, response: { 200: okSchema } },
    },
    async (request) => {
      await auth.sendEmailCode(request.body.email, request.body.purpose, meta(request));
      return null;
    },
  );

  app.post(
    AUTH_PATHS.register,
    {
      config: { access: 'public' },
      schema: { tags, body: registerBodySchema, response: { 200: sessionResponseSchema } },
    },
    (request) => auth.register(request.body, meta(request)),
  );

  app.post(
    AUTH_PATHS.resetPassword,
    {
      config: { access: 'public' },
      schema: { tags, body: resetPasswordBodySchema, response: { 200: okSchema } },
    },
    async (request) => {
      const userId = await auth.resetPassword(request.body, meta(request));
      await audit.record({
        actorId: userId,
        action: 'user.reset_password',
        target: `user:${userId}`,
        ip: request.ip,
      });
      return null;
    },
  );
};
