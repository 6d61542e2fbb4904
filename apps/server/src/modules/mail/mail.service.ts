import {
  DEFAULT_WEBTITLE,
  ERROR,
  type MailLogFilter,
  type MailLogPage,
  type MailStatus,
} from '@tally/contracts';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import { mapPage } from '../../db/list-query.js';
import type { Jobs } from '../../jobs/index.js';
import { AppError } from '../../lib/errors.js';
import type { MailRepository, OutgoingMail } from './mail.repository.js';
import { type MailContent, mailHtml, mailText } from './mail-layout.js';

export { inLanguage, type MailLanguage, type MailText } from './in-language.js';
export type { OutgoingMail } from './mail.repository.js';
export type { MailContent, MailSection } from './mail-layout.js';

export const MAIL_JOB = 'mail.send';

/** SMTP as the back office sets it; `host` empty means "use SMTP_URL". */
export interface SmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  pass: string;
  from: string;
}

export interface MailOptions {
  smtpUrl?: string;
  from: string;
  log: FastifyBaseLogger;
  /** Read per delivery (the settings are cached), so a change in the back office applies to the next mail. */
  smtpSettings?: () => Promise<SmtpSettings>;
  /** Ports the back office's SMTP setting may use (SMTP_ALLOWED_PORTS); SMTP_URL is not limited. */
  allowedPorts?: number[] | 'any';
  /** Development only (PRINT_MAIL_TO_CONSOLE): prints each mail, codes included, to the console. */
  printToConsole?: boolean;
  /** The site's title (the `webtitle` setting): every mail's name for the product, read per mail. */
  title?: () => Promise<string>;
}

export const MAIL_PORTS = [25, 465, 587, 2525];

type Delivery = 'sent' | 'stored';

/**
 * Mail is written to the outbox and sent by a job, so a slow or failing SMTP server never holds up a
 * request and failures are retried. Without SMTP the outbox is the mailbox: the product still works.
 */
export class MailService {
  private envTransport?: Transporter;
  private settingsTransport?: { key: string; transport: Transporter };

  constructor(
    private readonly repo: MailRepository,
    private readonly jobs: Jobs,
    private readonly opts: MailOptions,
  ) {
    if (opts.smtpUrl) this.envTransport = nodemailer.createTransport(opts.smtpUrl);
  }

  /** 邮件记录: a page of what was mailed and how it went, without the bodies. */
  async list(query: MailLogFilter): Promise<MailLogPage> {
    return mapPage(await this.repo.list(query, query), (row) => ({
      id: row.id,
      to: row.to,
      subject: row.subject,
      status: row.status as MailStatus,
      attempts: row.attempts,
      error: row.error ?? '',
      created_at: row.createdAt.toISOString(),
      sent_at: row.sentAt?.toISOString() ?? null,
    }));
  }

  /** The product's name in mails (the `webtitle` setting), for senders whose words name it. */
  async title(): Promise<string> {
    return (await this.opts.title?.())?.trim() || DEFAULT_WEBTITLE;
  }

  /** The mail as it is stored and sent: a text part and an HTML part, both under the site's title. */
  async compose(content: MailContent): Promise<OutgoingMail> {
    const title = await this.title();
    return {
      to: content.to,
      subject: content.subject,
      text: mailText(title, content),
      html: mailHtml(title, content),
    };
  }

  async send(content: MailContent): Promise<number> {
    const mail = await this.compose(content);
    const id = await this.repo.insert(mail);
    await this.jobs.send(MAIL_JOB, { id }, { singletonKey: `mail:${id}` });
    return id;
  }

  /** Sends at once, outside the queue, and reports the SMTP server's refusal (the settings' test button). */
  async sendNow(content: MailContent): Promise<{ id: number; status: Delivery }> {
    const smtp = await this.opts.smtpSettings?.();
    if (smtp?.host) this.assertPortAllowed(smtp.port);
    const mail = await this.compose(content);
    const id = await this.repo.insert(mail);
    try {
      const status = await this.transmit(mail);
      await this.repo.markAttempt(id, status);
      return { id, status };
    } catch (err) {
      const message = (err as Error).message;
      await this.repo.markAttempt(id, 'failed', message);
      // The raw error (refused, timed out, a banner that is not SMTP…) would tell what listens where:
      // the admin sees a plain message, the log keeps the details.
      this.opts.log.warn({ err: message, mailId: id }, 'test mail failed');
      throw new AppError(ERROR.BAD_REQUEST, 502, plainSmtpError(err));
    }
  }

  /** Whether the back office's SMTP setting may use this port. */
  portAllowed(port: number): boolean {
    const allowed = this.opts.allowedPorts ?? MAIL_PORTS;
    return allowed === 'any' || allowed.includes(port);
  }

  /** 422 on `smtp_port` unless the back office's SMTP setting may use this port. */
  assertPortAllowed(port: number): void {
    if (!this.portAllowed(port)) throw portNotAllowed(port, this.opts.allowedPorts);
  }

  async deliver(id: number): Promise<void> {
    const mail = await this.repo.find(id);
    if (!mail || mail.status === 'sent' || mail.status === 'stored') return;
    try {
      await this.repo.markAttempt(id, await this.transmit({ ...mail, html: mail.html ?? undefined }));
    } catch (err) {
      await this.repo.markAttempt(id, 'queued', (err as Error).message);
      throw err;
    }
  }

  /** Which SMTP the next mail goes through. */
  async smtpSource(): Promise<'settings' | 'env' | 'none'> {
    const smtp = await this.opts.smtpSettings?.();
    if (smtp?.host) return 'settings';
    return this.envTransport ? 'env' : 'none';
  }

  private async transmit(mail: OutgoingMail): Promise<Delivery> {
    const smtp = await this.opts.smtpSettings?.();
    const transport = smtp?.host ? this.transportFor(smtp) : this.envTransport;
    // Bodies carry registration and reset codes: the log names the mail, never its content.
    if (this.opts.printToConsole) console.log(`[mail to ${mail.to}] ${mail.subject}\n${mail.text}`);
    if (!transport) {
      this.opts.log.info(
        { to: mail.to, subject: mail.subject },
        'mail stored in outbox (no SMTP configured)',
      );
      return 'stored';
    }
    if (smtp?.host && !this.portAllowed(smtp.port)) throw new Error(`SMTP port ${smtp.port} is not allowed`);
    await transport.sendMail({
      from: await this.sender(smtp?.from || this.opts.from),
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
    return 'sent';
  }

  /** A sender given as a bare address goes out under the site's title (`系统后台 <no-reply@…>`). */
  private async sender(from: string): Promise<string | { name: string; address: string }> {
    return from.includes('<') ? from : { name: await this.title(), address: from.trim() };
  }

  /** One pooled transport per distinct SMTP setting; a changed setting closes the old one. */
  private transportFor(smtp: SmtpSettings): Transporter {
    const key = JSON.stringify([smtp.host, smtp.port, smtp.secure, smtp.user, smtp.pass]);
    if (this.settingsTransport?.key !== key) {
      this.settingsTransport?.transport.close();
      const transport = nodemailer.createTransport({
        host: smtp.host,
        port: smtp.port,
        secure: smtp.secure,
        auth: smtp.user ? { user: smtp.user, pass: smtp.pass } : undefined,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      });
      this.settingsTransport = { key, transport };
    }
    return this.settingsTransport.transport;
  }

  /** Unsent mail older than `ageMs` is dropped (its codes have expired); sent bodies are blanked already. */
  purgeStale(ageMs: number) {
    return this.repo.purgeUnsentBefore(new Date(Date.now() - ageMs));
  }

  close() {
    this.envTransport?.close();
    this.settingsTransport?.transport.close();
  }
}

function plainSmtpError(err: unknown): string {
  const code = (err as { code?: string }).code;
  if (code === 'EAUTH') return 'SMTP: the server refused the user name or password.';
  if (code === 'EENVELOPE' || code === 'EMESSAGE') return 'SMTP: the server did not accept the mail.';
  return 'SMTP: no mail server answered at this host and port.';
}

function portNotAllowed(port: number, allowed: number[] | 'any' = MAIL_PORTS) {
  const list = allowed === 'any' ? '' : allowed.join(', ');
  return new AppError(ERROR.VALIDATION, 422, `smtp_port: ${port} is not a mail port (${list}).`, {
    smtp_port: [`not a mail port (${list})`],
  });
}
