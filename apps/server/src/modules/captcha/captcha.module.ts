import { defineModule } from '../../kernel/module.js';
import { CaptchaRepository } from './captcha.repository.js';
import { CaptchaService } from './captcha.service.js';

declare module '../../kernel/module.js' {
  interface ServiceRegistry {
    captcha: CaptchaService;
  }
  interface KernelSeams {
    /** Randomness only: the captcha text. */
    captchaText?: () => string;
  }
}

export const captchaModule = defineModule({
  name: 'captcha',
  needs: [],
  services: ({ db, config, seams }) => ({
    captcha: new CaptchaService(new CaptchaRepository(db.orm), {
      enabled: config.captchaEnabled,
      secret: config.appSecret,
      text: seams.captchaText,
    }),
  }),
});
