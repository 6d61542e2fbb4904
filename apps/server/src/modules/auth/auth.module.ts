import { defineModule } from '../../kernel/module.js';
import { authRoutes } from './auth.routes.js';
import { AuthService } from './auth.service.js';
import { EmailCodesRepository } from './email-codes.repository.js';
import { EmailCodesService } from './email-codes.service.js';
import { forgetLoginFailures } from './login-guard.js';

declare module '../../kernel/module.js' {
  interface ServiceRegistry {
    codes: EmailCodesService;
    auth: AuthService;
  }
}

export const authModule = defineModule({
  name: 'auth',
  needs: ['users', 'sessions', 'settings', 'captcha', 'throttle', 'mail', 'audit', 'notices'],
  services: ({ db, config, users, sessions, settings, captcha, throttle, mail, notices }) => {
    // Users is built first and knows nothing of sign-in throttling: auth listens for new passwords.
    users.onPasswordChange((userId) => forgetLoginFailures(throttle, userId));
    const codes = new EmailCodesService(new EmailCodesRepository(db.orm), mail, config.appSecret);
    return { codes, auth: new AuthService({ users, sessions, settings, captcha, throttle, codes, notices }) };
  },
  routes: async (app, s) => app.register(authRoutes, s),
});
