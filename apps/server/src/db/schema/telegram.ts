import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sites } from './analytics.js';
import { users } from './users.js';

/** A Telegram bot a user connected by its token (sealed at rest, never sent back whole). */
export const telegramBots = pgTable(
  'telegram_bots',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The bot's own Telegram user id (the part of the token before the colon). */
    telegramId: bigint('telegram_id', { mode: 'number' }).notNull(),
    username: text('username').notNull(),
    name: text('name').notNull(),
    tokenSealed: text('token_sealed').notNull(),
    /** What the list shows: `123456:AA…xyz`. */
    tokenMasked: text('token_masked').notNull(),
    /** getMe's answer, so a restarted process needs no getMe before handling updates. */
    info: jsonb('info').notNull(),
    mode: text('mode').notNull().default('polling'),
    enabled: boolean('enabled').notNull().default(true),
    /** ok | error */
    status: text('status').notNull().default('ok'),
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    pendingUpdates: integer('pending_updates').notNull().default(0),
    /** The next getUpdates offset, so a poller taking over does not handle an update twice. */
    updateOffset: bigint('update_offset', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('telegram_bots_telegram_id_idx').on(t.telegramId),
    index('telegram_bots_user_idx').on(t.userId),
  ],
);

/** A chat a bot is (or was) in, learned from my_chat_member updates. */
export const telegramGroups = pgTable(
  'telegram_groups',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    botId: bigint('bot_id', { mode: 'number' })
      .notNull()
      .references(() => telegramBots.id, { onDelete: 'cascade' }),
    chatId: bigint('chat_id', { mode: 'number' }).notNull(),
    title: text('title').notNull().default(''),
    /** group | supergroup | channel */
    type: text('type').notNull(),
    /** The bot's status: member | administrator | restricted | left | kicked */
    botStatus: text('bot_status').notNull(),
    memberCount: integer('member_count'),
    /** zh | en: the language of reports and answers in this chat. */
    language: text('language').notNull().default('zh'),
    joinedAt: timestamp('joined_at', { withTimezone: true }),
    leftAt: timestamp('left_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('telegram_groups_chat_idx').on(t.botId, t.chatId)],
);

/** A site reported in a group, on a schedule (in the site's time zone). */
export const telegramBindings = pgTable(
  'telegram_bindings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    groupId: bigint('group_id', { mode: 'number' })
      .notNull()
      .references(() => telegramGroups.id, { onDelete: 'cascade' }),
    siteId: bigint('site_id', { mode: 'number' })
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** daily | weekly | off */
    schedule: text('schedule').notNull().default('daily'),
    /** HH:MM in the site's time zone. */
    time: text('time').notNull().default('09:00'),
    /** 0 (Sunday) … 6, for weekly reports. */
    weekday: smallint('weekday'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('telegram_bindings_pair_idx').on(t.groupId, t.siteId)],
);

/**
 * One row per report slot sent (binding, local date of the slot): the primary key is what makes a
 * scheduled report go out once, whichever worker process claims it first.
 */
export const telegramReportSlots = pgTable(
  'telegram_report_slots',
  {
    bindingId: bigint('binding_id', { mode: 'number' })
      .notNull()
      .references(() => telegramBindings.id, { onDelete: 'cascade' }),
    slot: text('slot').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.bindingId, t.slot] })],
);

/** A Telegram account linked to a Tally user through a /start deep link. */
export const telegramAccounts = pgTable('telegram_accounts', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  telegramUserId: bigint('telegram_user_id', { mode: 'number' }).notNull().unique(),
  /** The bot the account said /start to: the one bot allowed to message it (null: linked before notices). */
  botId: bigint('bot_id', { mode: 'number' }).references(() => telegramBots.id, { onDelete: 'set null' }),
  /** zh | en, from the Telegram client's language at /start: the language of the user's notices. */
  language: text('language').notNull().default('zh'),
  linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Addresses a user signed in from, so a sign-in from a new one can be told to the linked account. */
export const knownLoginIps = pgTable(
  'known_login_ips',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ip] })],
);

/**
 * The next free send slot of each bot, shared by every process: a send reserves its slot here (the row
 * locked), so two worker processes together stay under Telegram's limit for the bot.
 */
export const telegramSendPace = pgTable('telegram_send_pace', {
  botId: bigint('bot_id', { mode: 'number' })
    .primaryKey()
    .references(() => telegramBots.id, { onDelete: 'cascade' }),
  nextAt: timestamp('next_at', { withTimezone: true, precision: 6 }).notNull(),
});

/** The reserved send times of each chat within the last window (older rows are pruned as new ones come). */
export const telegramChatSends = pgTable(
  'telegram_chat_sends',
  {
    botId: bigint('bot_id', { mode: 'number' })
      .notNull()
      .references(() => telegramBots.id, { onDelete: 'cascade' }),
    chatId: text('chat_id').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, precision: 6 }).notNull(),
  },
  (t) => [index('telegram_chat_sends_chat_idx').on(t.botId, t.chatId, t.sentAt)],
);

/** One-time /start tokens (stored hashed), shown on the profile page as a deep link. */
export const telegramLinkTokens = pgTable('telegram_link_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: bigint('user_id', { mode: 'number' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
});
