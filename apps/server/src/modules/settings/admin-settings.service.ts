import { randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { Ad, AdminSettings, adminSettingsUpdateSchema } from '@tally/contracts';
import type { z } from 'zod';
import type { Transactor } from '../../db/client.js';
import type { Actor, AuditService } from '../audit/audit.service.js';
import type { MailService } from '../mail/mail.service.js';
import type { Settings } from './settings.defaults.js';
import type { SettingsService } from './settings.service.js';

type Update = z.output<typeof adminSettingsUpdateSchema>;

function parseDomains(json: string): string[] {
  try {
    const list: unknown = JSON.parse(json);
    return Array.isArray(list) ? list.filter((d): d is string => typeof d === 'string') : [];
  } catch {
    return [];
  }
}

const newAdId = () => randomBytes(6).toString('base64url');

/** The back office's view of the settings (seed `set` block plus server-side ones), and its changes. */
export class AdminSettingsService {
  constructor(
    private readonly settings: SettingsService,
    private readonly audit: AuditService,
    private readonly mail: MailService,
    private readonly db: Transactor,
  ) {}

  async read(): Promise<AdminSettings> {
    const { smtp_pass, trongrid_api_key, tjDomains, ...rest } = await this.settings.all();
    return {
      ...rest,
      tjDomains: parseDomains(tjDomains),
      smtp_pass_set: smtp_pass !== '',
      trongrid_api_key_set: trongrid_api_key !== '',
      smtp_source: await this.mail.smtpSource(),
    };
  }

  /**
   * Stores the keys whose value differs and writes one audit row naming them, before and after, in one
   * transaction: no change without its row, no row without its change.
   */
  async save(update: Update, actor: Actor): Promise<{ settings: AdminSettings; changed: string[] }> {
    if (update.smtp_port !== undefined) this.mail.assertPortAllowed(update.smtp_port);
    const current = await this.settings.all();
    const next = this.toStored(update);
    const changed = Object.keys(next).filter(
      (k) => !isDeepStrictEqual(next[k as keyof Settings], current[k as keyof Settings]),
    ) as (keyof Settings)[];
    if (changed.length > 0) {
      const after = Object.fromEntries(changed.map((k) => [k, next[k]])) as Partial<Settings>;
      const before = Object.fromEntries(changed.map((k) => [k, current[k]]));
      await this.db.transaction(async (tx) => {
        await this.settings.store(after, tx);
        await this.audit.record(
          {
            actorId: actor.userId,
            action: 'settings.update',
            target: `settings:${changed.join(',')}`,
            ip: actor.ip,
            before,
            after,
          },
          tx,
        );
      });
    }
    return { settings: await this.read(), changed };
  }

  private toStored(update: Update): Partial<Settings> {
    const { tjDomains, ads, smtp_pass, trongrid_api_key, ...rest } = update;
    const stored: Partial<Settings> = { ...rest };
    if (tjDomains) stored.tjDomains = JSON.stringify(tjDomains);
    // An empty password field means "keep the stored one": the form never receives it back.
    if (smtp_pass) stored.smtp_pass = smtp_pass;
    if (trongrid_api_key) stored.trongrid_api_key = trongrid_api_key;
    if (ads) stored.ads = ads.map((ad): Ad => ({ ...ad, id: ad.id ?? newAdId() }));
    return stored;
  }

  async testMail(to: string, actor: Actor) {
    const title = await this.mail.title();
    const result = await this.mail.sendNow({
      to,
      subject: `${title}：测试邮件 / test mail`,
      sections: [
        { lang: 'zh', text: `这是${title}发出的测试邮件。收到即表示邮件发送正常。` },
        { lang: 'en', text: `This is a test mail from ${title}. If you can read it, outgoing mail works.` },
      ],
    });
    await this.audit.record({
      actorId: actor.userId,
      action: 'settings.test_mail',
      target: `mail:${result.id}`,
      ip: actor.ip,
      after: { to, status: result.status },
    });
    return result;
  }
}
