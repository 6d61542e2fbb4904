import { defineApi, endpoint } from './endpoint-core.js';
import {
  playgroundAddGroupBodySchema,
  playgroundCommandBodySchema,
  playgroundGroupsSchema,
  playgroundMessagesQuerySchema,
  playgroundMessagesSchema,
  playgroundPayBodySchema,
  playgroundPaySchema,
  playgroundRechargesSchema,
  playgroundRepliesSchema,
  playgroundReportBodySchema,
  playgroundStatusSchema,
} from './playground-schemas.js';
import { chatRowSchema } from './telegram.js';

/**
 * The try-it mode (`npm run demo`, `cli.js playground`): Tally on a throwaway database beside a fake
 * TronGrid and a fake Telegram Bot API, and these calls for the admin's Playground panel, which play
 * the outside world's part: a payment on the chain, a group adding the bot, a member typing a command.
 * Every call answers 404 when the server is not running in that mode.
 */

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
