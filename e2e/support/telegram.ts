import { BOTS_PATHS, GROUPS_PATHS, SITES_PATHS } from '@tally/contracts';
import { E2E_PORT } from './accounts';
import { apiContext, call, loginToken } from './api';

/** The fake Bot API start-server.mjs runs beside the server, reached through its control API. */
export const FAKE_TELEGRAM = `http://127.0.0.1:${E2E_PORT + 2}`;

export interface FakeBot {
  token: string;
  id: number;
  username: string;
}

async function control<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${FAKE_TELEGRAM}/control/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as T;
}

export const newFakeBot = (username: string) => control<FakeBot>('addBot', { username });

/** Telegram tells the bot it was added to a group (my_chat_member, left → member). */
export function botJoined(
  bot: FakeBot,
  chat: { id: number; title: string; type?: string },
  status = 'member',
) {
  const update = {
    my_chat_member: {
      chat: { type: 'group', ...chat },
      from: { id: 42, is_bot: false, first_name: 'Owner' },
      date: Math.floor(Date.now() / 1000),
      old_chat_member: { status: 'left', user: { id: bot.id, is_bot: true, first_name: bot.username } },
      new_chat_member: { status, user: { id: bot.id, is_bot: true, first_name: bot.username } },
    },
  };
  return control('deliver', { token: bot.token, update });
}

/** Messages and photos (reports: their caption as `text`) the fake received for a chat. */
export const sentTo = async (chatId: number) =>
  (
    await control<
      { method: string; status: number; params: { chat_id: unknown; text?: string; caption?: string } }[]
    >('calls')
  )
    .filter(
      (c) =>
        (c.method === 'sendMessage' || c.method === 'sendPhoto') &&
        c.status === 200 &&
        Number(c.params.chat_id) === chatId,
    )
    .map((c) => ({ ...c, params: { ...c.params, text: c.params.text ?? c.params.caption } }));

/**
 * A bot of alice in two groups, one with a daily report of a site: what the screenshots show. Once per
 * server: the free plan allows alice one bot, and a restarted worker runs its beforeAll again.
 */
export async function seedTelegram(): Promise<void> {
  const alice = await apiContext(await loginToken('alice'));
  const admin = await apiContext(await loginToken('admin'));
  try {
    const own = await call<{ total: number }>(alice, 'GET', `${BOTS_PATHS.fetch}?limit=1`);
    if (own.total > 0) return;
    const bot = await newFakeBot(`shots_${Date.now()}_bot`);
    await call(alice, 'POST', BOTS_PATHS.save, { bot_token: bot.token });
    await botJoined(bot, { id: -1001000000001, title: '运营日报群', type: 'supergroup' }, 'administrator');
    await botJoined(bot, { id: -1001000000002, title: 'Growth team' });
    const groups = await waitForGroups(admin, 2);
    const sites = await call<{ list: { id: number }[] }>(admin, 'GET', `${SITES_PATHS.fetch}?limit=1`);
    const group = groups.find((g) => g.title === '运营日报群')!;
    await call(admin, 'POST', GROUPS_PATHS.bind, { id: group.id, site_id: sites.list[0]!.id, time: '09:00' });
  } finally {
    await alice.dispose();
    await admin.dispose();
  }
}

async function waitForGroups(admin: Awaited<ReturnType<typeof apiContext>>, n: number) {
  for (let i = 0; i < 100; i++) {
    const page = await call<{ list: { id: number; title: string }[] }>(
      admin,
      'GET',
      `${GROUPS_PATHS.fetch}?limit=50`,
    );
    if (page.list.length >= n) return page.list;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the groups never arrived');
}

/** A private message from a Telegram user to the bot (a command such as /start). */
export function privateMessage(bot: FakeBot, from: { id: number; language_code: string }, text: string) {
  const command = text.split(' ')[0]!;
  const update = {
    message: {
      message_id: Date.now() % 1e9,
      date: Math.floor(Date.now() / 1000),
      chat: { id: from.id, type: 'private' },
      from: { is_bot: false, first_name: 'Alice', ...from },
      text,
      entities: [{ type: 'bot_command', offset: 0, length: command.length }],
    },
  };
  return control('deliver', { token: bot.token, update });
}
