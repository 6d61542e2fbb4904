import { z } from 'zod';
import { defineApi, endpoint } from './endpoint.js';
import { rechargeRowSchema } from './finance.js';
import { chatRowSchema } from './telegram.js';
import { plainText, storableString } from './text.js';

/**
 * The try-it mode (`npm run demo`, `cli.js playground`): Tally on a throwaway database beside a fake
 * TronGrid and a fake Telegram Bot API, and these calls for the admin's Playground panel, which play
 * the outside world's part: a payment on the chain, a group adding the bot, a member typing a command.
 * Every call answers 404 when the server is not running in that mode.
 */

const id = z.number().int().positive();

/** What the panel shows of the running playground. */
export const playgroundStatusSchema = z.object({
  /** The data directory, wiped at every start of the playground. */
  data_dir: storableString(),
  /** Where the fake TronGrid and the fake Bot API listen (127.0.0.1). */
  trongrid_url: storableString(),
  bot_api_url: storableString(),
  /** The receiving address recharges are paid to (on the fake chain). */
  address: storableString(),
  /** The demo bot (on the fake Bot API) and how it gets its updates. */
  bot_username: storableString(),
  bot_mode: z.enum(['webhook', 'polling']),
  /** The plain user account owning the demo sites. */
  demo_email: storableString(),
  /** The demo sites, which a group may report. */
  sites: z.array(z.object({ id: z.number().int(), name: storableString() })),
});
export type PlaygroundStatus = z.infer<typeof playgroundStatusSchema>;

export const playgroundRechargesSchema = z.object({ list: z.array(rechargeRowSchema) });

export const playgroundPayBodySchema = z.object({ id });
export const playgroundPaySchema = z.object({
  /** The fake chain's transaction: `payable` USDT to the recharge's address. */
  tx_id: storableString(),
  /** Transfers the watcher cycle run at once credited. */
  matched: z.number().int(),
  /** The recharge after that cycle (`paid` when it was credited). */
  recharge: rechargeRowSchema,
});

export const playgroundGroupsSchema = z.object({ list: z.array(chatRowSchema) });

export const playgroundAddGroupBodySchema = z.object({
  title: plainText(64).refine((v) => v !== '', 'required'),
  /** A demo site whose report the group gets (bound as 群组管理 binds it: daily at 09:00). */
  site_id: id.optional(),
});

export const playgroundCommandBodySchema = z.object({
  /** The group's id in 群组管理. */
  group_id: id,
  /** What a member types in the group: `/stats`, `/help`, or any text. */
  text: plainText(200).refine((v) => v !== '', 'required'),
});

export const playgroundReportBodySchema = z.object({ group_id: id });

/** One line of a group's conversation: what the fake members did, and what the bot sent. */
export const playgroundMessageSchema = z.object({
  /** Stable within a run of the playground: `member-<n>` or `bot-<n>`. */
  id: storableString(),
  at: storableString(),
  chat_id: z.number().int(),
  /** `member`: delivered to the bot as Telegram would; `bot`: the bot's call the fake Bot API recorded. */
  from: z.enum(['member', 'bot']),
  /** `joined`: the bot was added to the group (a `my_chat_member` update). */
  kind: z.enum(['text', 'photo', 'joined']),
  text: storableString(),
  /** A sent photo (the report's chart) as a `data:image/png;base64,…` URL. */
  photo: storableString().nullable(),
});
export type PlaygroundMessage = z.infer<typeof playgroundMessageSchema>;

export const playgroundMessagesQuerySchema = z.object({
  group_id: z.coerce.number().int().positive().optional(),
});
export const playgroundMessagesSchema = z.object({ list: z.array(playgroundMessageSchema) });

/** The answer of a command or a report: the bot's sends that followed it. */
export const playgroundRepliesSchema = z.object({ replies: z.array(playgroundMessageSchema) });

/** The Playground panel (admins only, and only while the server runs as the playground). */
export const PLAYGROUND_API = defineApi('playground', {
  status: endpoint({
    method: 'GET',
    path: '/api/v1/admin/playground/status',
    access: 'settings',
    summary: 'The try-it mode: its fakes, address, bot and demo sites (404 when not in that mode)',
    response: playgroundStatusSchema,
  }),
  recharges: endpoint({
    method: 'GET',
    path: '/api/v1/admin/playground/recharges',
    access: 'settings',
    summary: 'Recharges waiting for payment, which the fake chain can pay',
    response: playgroundRechargesSchema,
  }),
  pay: endpoint({
    method: 'POST',
    path: '/api/v1/admin/playground/pay',
    access: 'settings',
    summary: 'Pay a recharge on the fake chain (its exact payable amount) and run a watcher cycle',
    body: playgroundPayBodySchema,
    response: playgroundPaySchema,
  }),
  groups: endpoint({
    method: 'GET',
    path: '/api/v1/admin/playground/groups',
    access: 'settings',
    summary: "The demo bot's groups on the fake Bot API",
    response: playgroundGroupsSchema,
  }),
  addGroup: endpoint({
    method: 'POST',
    path: '/api/v1/admin/playground/groups/add',
    access: 'settings',
    summary: 'Add the demo bot to a new fake group (a my_chat_member update, delivered as Telegram would)',
    body: playgroundAddGroupBodySchema,
    response: chatRowSchema,
  }),
  command: endpoint({
    method: 'POST',
    path: '/api/v1/admin/playground/groups/command',
    access: 'settings',
    summary: "Send a message or command to the bot in a fake group and wait for the bot's answer",
    body: playgroundCommandBodySchema,
    response: playgroundRepliesSchema,
  }),
  report: endpoint({
    method: 'POST',
    path: '/api/v1/admin/playground/groups/report',
    access: 'settings',
    summary: "Send a fake group its bound sites' report now (as the groups page's test report does)",
    body: playgroundReportBodySchema,
    response: playgroundRepliesSchema,
  }),
  messages: endpoint({
    method: 'GET',
    path: '/api/v1/admin/playground/messages',
    access: 'settings',
    summary: "The fake groups' conversations: members' messages and the bot's sends",
    query: playgroundMessagesQuerySchema,
    response: playgroundMessagesSchema,
  }),
});
