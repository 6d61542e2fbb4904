import { defineModule } from '../../kernel/module.js';
import { TicketMail } from './ticket-mail.js';
import { TicketsRepository } from './tickets.repository.js';
import { ticketsRoutes } from './tickets.routes.js';
import { TicketsService } from './tickets.service.js';

declare module '../../kernel/module.js' {
  interface ServiceRegistry {
    tickets: TicketsService;
  }
}

/** Support tickets (工单, issue 16 §6). After users: it gives user/info its msgNum. */
export const ticketsModule = defineModule({
  name: 'tickets',
  needs: ['users', 'mail', 'settings', 'audit'],
  services: ({ db, config, seams, users, mail, settings, audit }) => {
    const repo = new TicketsRepository(db.orm);
    const tickets = new TicketsService({
      repo,
      db,
      audit,
      mail: new TicketMail(mail, settings, repo, config.publicUrl),
      clock: seams.clock ?? (() => new Date()),
    });
    users.countUnread((userId) => tickets.unread(userId));
    return { tickets };
  },
  routes: async (app, { tickets }) => {
    await app.register(ticketsRoutes, { tickets });
  },
});
