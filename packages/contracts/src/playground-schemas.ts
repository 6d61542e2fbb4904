/**
 * The schemas of the try-it mode's calls (playground.ts declares them). Apart from the calls so that
 * the layout's first load, which asks whether the server runs as the playground, does not carry them
 * and zod with them.
 */
import { z } from 'zod';
import { rechargeRowSchema } from './finance-schemas.js';
import { chatRowSchema } from './telegram.js';
import { plainText, storableString } from './text.js';

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
