import { ADMIN_TICKET_PATHS, GROUPS_PATHS, TICKET_PATHS } from '@tally/contracts';
import { describe, expect, it } from 'vitest';
import { signedIn, withAdminApp } from './factories.js';

/** U+202E (right-to-left override): `\u202Egnp.exe` shows as `exe.png`. */
const RLO = '\u202e';

describe('bidirectional controls never reach 群组管理 or a ticket subject', () => {
  const app = withAdminApp();

  it('a group title from a Telegram update is stored without them', async () => {
    const owner = await signedIn(app.t);
    const [bot] = await app.t.db.query<{ id: string }>(
      `insert into telegram_bots (user_id, telegram_id, username, name, token_sealed, token_masked, info, enabled)
       values ($1, 4242, 'bidi_bot', 'Bidi', 'sealed:v1:x', '4242:AA…xy', '{}', false) returning id`,
      [owner.id],
    );
    await app.t.services.telegramChats.learn(
      {
        botId: Number(bot?.id),
        chatId: -4242,
        title: `${RLO}gnp.exe\u2066\u200f`,
        type: 'group',
        status: 'member',
        at: new Date(),
      },
      async () => 3,
    );
    const list = await app.t.call('GET', `${GROUPS_PATHS.fetch}?keyword=-4242`, { token: app.admin.token });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.data.list.map((g: { title: string }) => g.title)).toEqual(['gnp.exe']);
  });

  it('a ticket subject (plain text) is stored without them', async () => {
    const u = await signedIn(app.t);
    const res = await app.t.call('POST', TICKET_PATHS.create, {
      token: u.token,
      body: { subject: `invoice${RLO}fdp.exe`, priority: 'normal', content: 'see subject' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.ticket.subject).toBe('invoicefdp.exe');
    const admins = await app.t.call('GET', `${ADMIN_TICKET_PATHS.fetch}?user=${u.id}`, {
      token: app.admin.token,
    });
    expect(admins.body.data.list[0].subject).toBe('invoicefdp.exe');
    const [row] = await app.t.db.query<{ subject: string }>(
      'select subject from tickets where user_id = $1',
      [u.id],
    );
    expect(row?.subject).toBe('invoicefdp.exe');
  });
});
