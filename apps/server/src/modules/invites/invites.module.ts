import { defineModule } from '../../kernel/module.js';
import { InvitesRepository } from './invites.repository.js';
import { invitesRoutes } from './invites.routes.js';
import { InvitesService } from './invites.service.js';

declare module '../../kernel/module.js' {
  interface ServiceRegistry {
    invites: InvitesService;
  }
}

export const CREDIT_DUE_JOB = 'invites.credit-due';

/**
 * 邀请返利 (issue 16 §5): commission on invitees' paid orders. It joins the orders' paying and
 * refunding transactions through their hooks, so billing knows nothing of invites.
 */
export const invitesModule = defineModule({
  name: 'invites',
  needs: ['ledger', 'wallet', 'settings', 'orders'],
  services: ({ db, seams, ledger, wallet, settings, orders }) => {
    const invites = new InvitesService({
      repo: new InvitesRepository(db.orm),
      ledger,
      wallet,
      settings,
      db,
      clock: seams.clock ?? (() => new Date()),
    });
    orders.onPaid((order, tx) => invites.schedule(order, tx));
    orders.onRefunded((order, tx) => invites.reverse(order, tx));
    return { invites };
  },
  routes: async (app, s) => app.register(invitesRoutes, s),
  jobs: ({ invites }) => [
    // Every minute: a commission is credited at most a minute after its delay, also with no one signed in.
    {
      name: CREDIT_DUE_JOB,
      retryLimit: 1,
      schedule: '* * * * *',
      handler: async () => void (await invites.creditDue()),
    },
  ],
});
