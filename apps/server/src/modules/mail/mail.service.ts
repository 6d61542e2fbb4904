import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Jobs } from '../../jobs/index.js';
import type { MailRepository, OutgoingMail } from './mail.repository.js';

export const MAIL_JOB = 'mail.send';

/**
 * Mail is written to the outbox and sent by a job, so a slow or failing SMTP server never holds up a
 * request and failures are retried. Without SMTP_URL the outbox is the mailbox: the product still works.
 */
export class MailService {
  private transport?: Transporter;

  constructor(
    private readonly repo: MailRepository,
    private readonly jobs: Jobs,
    private readonly opts: { smtpUrl?: string; from: string; log: FastifyBaseLogger },
  ) {
    if (opts.smtpUrl) this.transport = nodemailer.createTransport(opts.smtpUrl);
    jobs.define<{ id: number }>({
      name: MAIL_JOB,
      retryLimit: 5,
      retryDelay: 10,
      handler: (d) => this.deliver(d.id),
    });
  }

  async send(mail: OutgoingMail): Promise<number> {
    const id = await this.repo.insert(mail);
    await this.jobs.send(MAIL_JOB, { id }, { singletonKey: `mail:${id}` });
    return id;
  }

  async deliver(id: number): Promise<void> {
    const mail = await this.repo.find(id);
    if (!mail || mail.status === 'sent' || mail.status === 'stored') return;
    if (!this.transport) {
      this.opts.log.info(
        { to: mail.to, subject: mail.subject, text: mail.text },
        'mail stored in outbox (no SMTP_URL)',
      );
      await this.repo.markAttempt(id, 'stored');
      return;
    }
    try {
      await this.transport.sendMail({
        from: this.opts.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
      });
      await this.repo.markAttempt(id, 'sent');
    } catch (err) {
      await this.repo.markAttempt(id, 'queued', (err as Error).message);
      throw err;
    }
  }

  close() {
    this.transport?.close();
  }
}
