import { defineModule } from '../../kernel/module.js';
import { ThrottleRepository } from './throttle.repository.js';
import { ThrottleService } from './throttle.service.js';

declare module '../../kernel/module.js' {
  interface ServiceRegistry {
    throttle: ThrottleService;
  }
}

export const throttleModule = defineModule({
  name: 'throttle',
  needs: [],
  services: ({ db }) => ({ throttle: new ThrottleService(new ThrottleRepository(db)) }),
});
