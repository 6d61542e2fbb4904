import { MAIL_API } from '@tally/contracts';
import { defineModule } from '../../kernel/module.js';
import { csvExport } from '../../lib/csv-export.js';
import { routes } from '../../lib/endpoint-routes.js';
import { MailRepository } from './mail.repository.js';
import { MAIL_JOB, MailService } from './mail.service.js';
import { MAIL_CSV } from './mail-csv.js';

declare module '../../kernel/module.js' {
  interface ServiceRegistry {
    mail: MailService;
  }
}

export const mailModule = defineModule({
  name: 'mail',
  needs: ['settings'],
  services: ({ db, jobs, config, log, settings }) => ({
    mail: new MailService(new MailRepository(db.orm), jobs, {
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      allowedPorts: config.smtpAllowedPorts,
      printToConsole: config.printMailToConsole,
      log,
      title: async () => (await settings.all()).webtitle,
      smtpSettings: async () => {
        const s = await settings.all();
        return {
          host: s.smtp_host,
          port: s.smtp_port,
          secure: s.smtp_secure,
          user: s.smtp_user,
          pass: s.smtp_pass,
          from: s.mail_from,
        };
      },
    }),
  }),
  routes: async (app, { mail }) =>
    routes(app, MAIL_API, {
      fetch: (query) => mail.list(query),
      export: csvExport(MAIL_API.export, MAIL_CSV, (q, _r, page, limit) => mail.list({ ...q, page, limit })),
    }),
  // Mail waits in the outbox; a failing SMTP server is retried with backoff.
  jobs: ({ mail }) => [
    { name: MAIL_JOB, retryLimit: 5, retryDelay: 10, handler: (d: { id: number }) => mail.deliver(d.id) },
  ],
  close: ({ mail }) => mail.close(),
});
