import { AUTH_API } from '@tally/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-routes.js';
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

/** AUTH_API but `share`, which the sites module serves (it holds the share links). */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesDeps> = async (
  app,
  { auth, captcha, throttle, audit },
) => {
  route(app, AUTH_API.captcha, async (query, request) => {
    await throttle.check({ key: `captcha:ip:${request.ip}`, max: 60, windowSec: 60 });
    return captcha.create(query.force === '1');
  });

  route(app, AUTH_API.login, (body, request) => auth.login(body, meta(request)));

  route(app, AUTH_API.sendEmailVerify, async (body, request) => {
    await auth.sendEmailCode(body, meta(request));
  });

  route(app, AUTH_API.register, (body, request) => auth.register(body, meta(request)));

  route(app, AUTH_API.resetPassword, async (body, request) => {
    const userId = await auth.resetPassword(body, meta(request));
    await audit.record({
      actorId: userId,
      action: 'user.reset_password',
      target: `user:${userId}`,
      ip: request.ip,
    });
  });
};
