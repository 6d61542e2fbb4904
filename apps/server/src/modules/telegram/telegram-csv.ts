import {
  BOT_MODE_LABELS,
  BOT_STATUS_LABELS,
  type BotRow,
  CHAT_TYPE_LABELS,
  type ChatRow,
  GROUP_LANGUAGE_LABELS,
} from '@tally/contracts';
import type { CsvSpec } from '../../lib/csv-export.js';

/** 机器人管理 as CSV (the token masked as the list shows it). */
export const BOT_CSV: CsvSpec<BotRow> = {
  file: 'bots',
  columns: [
    { key: 'id' },
    { key: 'username' },
    { key: 'name' },
    { key: 'token', label: { zh: '令牌', en: 'Token' } },
    { key: 'mode', labels: BOT_MODE_LABELS },
    { key: 'enabled' },
    { key: 'status', labels: BOT_STATUS_LABELS },
    { key: 'last_error' },
    { key: 'groups_count' },
    { key: 'owner_name' },
    { key: 'created_at', time: true },
  ],
};

/** 群组管理 as CSV: each bound site by its id. */
export const GROUP_CSV: CsvSpec<ChatRow> = {
  file: 'groups',
  columns: [
    { key: 'id' },
    { key: 'chat_id' },
    { key: 'title' },
    { key: 'type', labels: CHAT_TYPE_LABELS },
    { key: 'bot_username' },
    { key: 'member_count' },
    { key: 'language', labels: GROUP_LANGUAGE_LABELS },
    { key: 'bindings', value: (r) => r.bindings.map((b) => b.site_id).join(' ') },
    { key: 'joined_at', time: true },
    { key: 'left_at', time: true },
  ],
};
