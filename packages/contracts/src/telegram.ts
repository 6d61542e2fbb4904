import { z } from 'zod';
import { csvQuery } from './csv-schemas.js';
import { defineApi, endpoint, nothing, pathsOf } from './endpoint.js';
import { pageQuerySchema, pageSchema } from './envelope.js';
import { plainText, storableString } from './text.js';

/** Where Telegram POSTs a webhook bot's updates (one route per bot). */
export const TELEGRAM_WEBHOOK_PATH = '/api/v1/telegram/webhook/:botId';

export const BOT_MODES = ['webhook', 'polling'] as const;
export const BOT_STATUSES = ['ok', 'error', 'disabled'] as const;

/** Telegram's token shape: the bot id, a colon, 35 characters. */
export const botTokenSchema = storableString()
  .trim()
  .regex(/^\d{3,20}:[A-Za-z0-9_-]{30,64}$/, 'not a bot token (123456789:AA…)');

export const botSaveBodySchema = z.object({ bot_token: botTokenSchema });
export const botSwitchBodySchema = z.object({ id: z.number().int().positive(), status: z.boolean() });
export const botIdsBodySchema = z.object({ ids: z.array(z.number().int().positive()).min(1).max(100) });

export const botListQuerySchema = pageQuerySchema.extend({
  sort: z.enum(['-id', 'id', 'username', '-username']).default('-id'),
  keyword: plainText(64).optional(),
});

export const botRowSchema = z.object({
  id: z.number().int(),
  username: storableString(),
  name: storableString(),
  /** Never the whole token. */
  token: storableString(),
  mode: z.enum(BOT_MODES),
  enabled: z.boolean(),
  status: z.enum(BOT_STATUSES),
  last_error: storableString().nullable(),
  pending_updates: z.number().int(),
  groups_count: z.number().int(),
  owner_id: z.number().int(),
  owner_name: storableString(),
  created_at: storableString(),
});
export const botPageSchema = pageSchema(botRowSchema);
export const botLinkSchema = z.object({
  url: storableString(),
  bot: storableString(),
  expires_at: storableString(),
});

export const GROUP_LANGUAGES = ['zh', 'en'] as const;
export const REPORT_SCHEDULES = ['daily', 'weekly', 'off'] as const;

export const chatListQuerySchema = pageQuerySchema.extend({
  sort: z.enum(['-id', 'id', 'title', '-title', 'member_count', '-member_count']).default('-id'),
  keyword: plainText(64).optional(),
  bot_id: z.coerce.number().int().positive().optional(),
  /** `in`: the bot is a member now; `left`: it left or was removed. */
  state: z.enum(['in', 'left']).optional(),
});

export const bindingSchema = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  site_name: storableString(),
  schedule: z.enum(REPORT_SCHEDULES),
  time: storableString(),
  weekday: z.number().int().nullable(),
});

export const chatRowSchema = z.object({
  id: z.number().int(),
  chat_id: z.number().int(),
  title: storableString(),
  type: storableString(),
  bot_id: z.number().int(),
  bot_username: storableString(),
  bot_status: storableString(),
  member_count: z.number().int().nullable(),
  language: z.enum(GROUP_LANGUAGES),
  joined_at: storableString().nullable(),
  left_at: storableString().nullable(),
  bindings: z.array(bindingSchema),
});
export const chatPageSchema = pageSchema(chatRowSchema);

const groupId = z.number().int().positive();
export const chatSaveBodySchema = z.object({ id: groupId, language: z.enum(GROUP_LANGUAGES) });

/** HH:MM, 00:00–23:59. */
export const reportTimeSchema = storableString().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM');

export const chatBindBodySchema = z
  .object({
    id: groupId,
    site_id: z.number().int().positive(),
    schedule: z.enum(REPORT_SCHEDULES).default('daily'),
    time: reportTimeSchema.default('09:00'),
    weekday: z.number().int().min(0).max(6).nullable().default(null),
  })
  .refine((b) => b.schedule !== 'weekly' || b.weekday !== null, {
    path: ['weekday'],
    message: 'required for a weekly report',
  });
export const chatUnbindBodySchema = z.object({ id: groupId, site_id: z.number().int().positive() });
export const chatTestReportBodySchema = z.object({
  id: groupId,
  site_id: z.number().int().positive().optional(),
});
export const chatSendBodySchema = z.object({ id: groupId, text: plainText(4000).min(1, 'required') });
export const chatLeaveBodySchema = z.object({ id: groupId });

export type BotRow = z.infer<typeof botRowSchema>;
export type BotPage = z.infer<typeof botPageSchema>;
export type BotLink = z.infer<typeof botLinkSchema>;
export type ChatRow = z.infer<typeof chatRowSchema>;
export type ChatPage = z.infer<typeof chatPageSchema>;
export type Binding = z.infer<typeof bindingSchema>;
export type ChatBindBody = z.infer<typeof chatBindBodySchema>;

/** 机器人列表 (/bots/botsList): user, admin and (read-only) client. */
export const BOTS_API = defineApi('bots', {
  fetch: endpoint({
    method: 'GET',
    path: '/api/v1/bots/fetch',
    access: 'bots',
    summary: "List Telegram bots (the caller's, every bot for admins)",
    query: botListQuerySchema,
    response: botPageSchema,
  }),
  /** The filtered bots as CSV: every filtered row in the list's order, streamed (csv.ts). */
  export: endpoint({
    method: 'GET',
    path: '/api/v1/bots/export',
    access: 'bots',
    file: true,
    summary: 'The filtered bots as a CSV file',
    query: csvQuery(botListQuerySchema),
    response: nothing,
  }),
  save: endpoint({
    method: 'POST',
    path: '/api/v1/bots/save',
    access: 'bots',
    summary: 'Add a bot by its @BotFather token',
    body: botSaveBodySchema,
    response: botRowSchema,
  }),
  del: endpoint({
    method: 'POST',
    path: '/api/v1/bots/del',
    access: 'bots',
    summary: 'Delete bots with their groups and report bindings',
    body: botIdsBodySchema,
    response: nothing,
  }),
  switch: endpoint({
    method: 'POST',
    path: '/api/v1/bots/switch',
    access: 'bots',
    summary: 'Turn a bot on or off',
    body: botSwitchBodySchema,
    response: nothing,
  }),
  /** The profile page's one-time /start deep link. */
  link: endpoint({
    method: 'POST',
    path: '/api/v1/bots/link',
    access: 'account',
    summary: "A one-time /start link that links the caller's Telegram account",
    response: botLinkSchema,
  }),
});

/** The calls' paths (tests name a call by its path). */
export const BOTS_PATHS = pathsOf(BOTS_API);

/** 群组管理 (/groups/groups): admins. */
export const GROUPS_API = defineApi('groups', {
  fetch: endpoint({
    method: 'GET',
    path: '/api/v1/groups/fetch',
    access: 'groups',
    summary: 'List the Telegram groups the bots are or were in, with their report bindings',
    query: chatListQuerySchema,
    response: chatPageSchema,
  }),
  /** The filtered groups as CSV: every filtered row in the list's order, streamed (csv.ts). */
  export: endpoint({
    method: 'GET',
    path: '/api/v1/groups/export',
    access: 'groups',
    file: true,
    summary: 'The filtered groups as a CSV file',
    query: csvQuery(chatListQuerySchema),
    response: nothing,
  }),
  save: endpoint({
    method: 'POST',
    path: '/api/v1/groups/save',
    access: 'groups',
    summary: "Set a group's report language",
    body: chatSaveBodySchema,
    response: nothing,
  }),
  bind: endpoint({
    method: 'POST',
    path: '/api/v1/groups/bind',
    access: 'groups',
    summary: "Bind a site's scheduled report to a group",
    body: chatBindBodySchema,
    response: nothing,
  }),
  unbind: endpoint({
    method: 'POST',
    path: '/api/v1/groups/unbind',
    access: 'groups',
    summary: "Remove a site's report from a group",
    body: chatUnbindBodySchema,
    response: nothing,
  }),
  testReport: endpoint({
    method: 'POST',
    path: '/api/v1/groups/testReport',
    access: 'groups',
    summary: "Send a group its bound sites' report now (or one site's)",
    body: chatTestReportBodySchema,
    response: z.object({ sent: z.number().int() }),
  }),
  send: endpoint({
    method: 'POST',
    path: '/api/v1/groups/send',
    access: 'groups',
    summary: 'Send a text message to a group through its bot',
    body: chatSendBodySchema,
    response: nothing,
  }),
  leave: endpoint({
    method: 'POST',
    path: '/api/v1/groups/leave',
    access: 'groups',
    summary: 'Make the bot leave a group',
    body: chatLeaveBodySchema,
    response: nothing,
  }),
});

/** The calls' paths (tests name a call by its path). */
export const GROUPS_PATHS = pathsOf(GROUPS_API);

/** The audit trail's actions of Telegram bots and groups (audit.ts gathers every area's; the web labels each). */
export const TELEGRAM_AUDIT_ACTIONS = [
  'bots.create',
  'bots.enable',
  'bots.disable',
  'bots.delete',
  'groups.bind',
  'groups.unbind',
  'groups.update',
  'groups.send',
  'groups.leave',
] as const;
