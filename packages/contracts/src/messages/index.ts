import { apiKeysMessages } from './api-keys.js';
import type { AreaMessages } from './area.js';
import { authMessages } from './auth.js';
import { billingMessages } from './billing.js';
import { commonMessages } from './common.js';
import { csvMessages } from './csv.js';
import { filesArticlesMessages } from './files-articles.js';
import { financeMessages } from './finance.js';
import { importsMessages } from './imports.js';
import { moneyMessages } from './money.js';
import { playgroundMessages } from './playground.js';
import { queueMessages } from './queue.js';
import { reportsMessages } from './reports.js';
import { settingsMessages } from './settings.js';
import { shortLinksMessages } from './short-links.js';
import { sitesMessages } from './sites.js';
import { telegramMessages } from './telegram.js';
import { ticketsMessages } from './tickets.js';
import { usersMessages } from './users.js';

export type { AreaMessages, FieldLabel, MessagePattern } from './area.js';

/**
 * Every area's words, one file each, listed the way the server lists its modules (app.ts MODULES):
 * a new area adds its file and one line here. user-messages.ts builds its lookups from this list;
 * patterns are tried in its order. An English text or a field worded by two areas fails
 * user-messages.test.ts.
 */
export const AREA_MESSAGES: readonly AreaMessages[] = [
  commonMessages,
  authMessages,
  usersMessages,
  apiKeysMessages,
  sitesMessages,
  reportsMessages,
  importsMessages,
  filesArticlesMessages,
  shortLinksMessages,
  settingsMessages,
  billingMessages,
  moneyMessages,
  financeMessages,
  ticketsMessages,
  telegramMessages,
  queueMessages,
  playgroundMessages,
  csvMessages,
];
