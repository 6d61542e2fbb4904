import type { TicketPriority } from '@tally/contracts';
import { publicBase } from '../../lib/public-url.js';
import type { MailService } from '../mail/mail.service.js';
import { inLanguage, type MailLanguage, type MailText } from '../mail/mail.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { TicketsRepository, TicketWithOwner } from './tickets.repository.js';

const PRIORITY_TEXT: Record<TicketPriority, string> = {
  low: '低 / low',
  normal: '普通 / normal',
  high: '高 / high',
};

function replyText(
  ticket: TicketWithOwner,
  content: string,
  link: string | undefined,
  lang: MailLanguage,
): MailText {
  if (lang === 'zh')
    return {
      subject: `工单 #${ticket.id} 有新回复：${ticket.subject}`,
      text: [
        `您的工单「${ticket.subject}」有新回复：`,
        '',
        content,
        '',
        link ? `查看并回复：${link}` : '请在「工单支持」中查看并回复。',
      ].join('\n'),
    };
  return {
    subject: `New reply to ticket #${ticket.id}: ${ticket.subject}`,
    text: [
      `Support replied to your ticket "${ticket.subject}":`,
      '',
      content,
      '',
      link ? `Read and reply: ${link}` : 'Read and reply under Support tickets.',
    ].join('\n'),
  };
}

/**
 * The mails of a conversation: to the user in their language, to support in both (the contact address
 * is no one's account). They go through the outbox and its job like every mail, so a slow SMTP server
 * never holds up a reply.
 */
export class TicketMail {
  constructor(
    private readonly mail: MailService,
    private readonly settings: SettingsService,
    private readonly repo: TicketsRepository,
    private readonly publicUrl: string | undefined,
  ) {}

  /** An admin replied: the ticket's owner is told in their language, with the reply and where to answer. */
  async toUser(ticket: TicketWithOwner, content: string): Promise<void> {
    const link = await this.link(`/user/tickets?ticket=${ticket.id}`);
    await this.mail.send(
      inLanguage(ticket.email, ticket.language, (lang) => replyText(ticket, content, link, lang)),
    );
  }

  /**
   * A user wrote (a new ticket or a reply): the contact address of the settings (客服邮箱, `email`)
   * when one is set, else every active admin.
   */
  async toSupport(ticket: TicketWithOwner, content: string, isNew: boolean): Promise<void> {
    const contact = (await this.settings.all()).email.trim();
    const recipients = contact ? [contact] : await this.repo.adminEmails();
    const link = await this.link(`/tickets/tickets?ticket=${ticket.id}`);
    const what = isNew ? '新工单 / New ticket' : '工单新消息 / New message on ticket';
    const text = [
      `${what} #${ticket.id}: ${ticket.subject}`,
      `用户 / User: ${ticket.username} <${ticket.email}>`,
      `优先级 / Priority: ${PRIORITY_TEXT[ticket.priority]}`,
      '',
      content,
      ...(link ? ['', link] : []),
    ].join('\n');
    // One text in both languages (its labels are), not two: the message is the user's, written once.
    for (const to of recipients)
      await this.mail.send({ to, subject: `${what} #${ticket.id}: ${ticket.subject}`, sections: [{ text }] });
  }

  /** An absolute link when Tally knows its address (网站地址 or PUBLIC_URL); a mail has no request. */
  private async link(path: string): Promise<string | undefined> {
    const base = publicBase((await this.settings.all()).weburl, this.publicUrl, '');
    return base ? `${base}${path}` : undefined;
  }
}
