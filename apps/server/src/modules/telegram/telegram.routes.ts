import { createHash, timingSafeEqual } from 'node:crypto';
import {
  BOTS_PATHS,
  botIdsBodySchema,
  botLinkSchema,
  botListQuerySchema,
  botPageSchema,
  botRowSchema,
  botSaveBodySchema,
  botSwitchBodySchema,
  chatBindBodySchema,
  chatLeaveBodySchema,
  chatListQuerySchema,
  chatPageSchema,
  chatSaveBodySchema,
  chatSendBodySchema,
  chatTestReportBodySchema,
  chatUnbindBodySchema,
  GROUPS_PATHS,
  TELEGRAM_WEBHOOK_PATH,
} from '@tally/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Update } from 'grammy/types';
import { z } from 'zod';
import { okSchema } from '../../lib/openapi.js';
import { resourceRoutes } from '../../lib/resource-routes.js';
import { actorOf, requireAuth } from '../../plugins/auth.js';
import type { BotsService } from './bots.service.js';
import type { ChatsService } from './chats.service.js';
import type { BotRuntime } from './runtime.js';

interface Deps {
  bots: BotsService;
  telegramChats: ChatsService;
  telegramRuntime: BotRuntime;
}

/** Equal strings in time that does not depend on where they differ (hashes first: lengths differ). */
const sameSecret = (a: string, b: string) =>
  timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());

export async function telegramRoutes(
  app: FastifyInstance,
  { bots, telegramChats: chats, telegramRuntime: runtime }: Deps,
) {
  resourceRoutes(app, {
    tag: 'bots',
    access: 'bots',
    paths: BOTS_PATHS,
    fetch: {
      input: botListQuerySchema,
      response: botPageSchema,
      handler: (q, r) => bots.list(requireAuth(r), q),
    },
    save: {
      input: botSaveBodySchema,
      response: botRowSchema,
      handler: (b, r) => bots.add(requireAuth(r), actorOf(r), b.bot_token),
    },
    del: {
      input: botIdsBodySchema,
      response: okSchema,
      handler: (b, r) => bots.delete(requireAuth(r), actorOf(r), b.ids),
    },
    switch: {
      input: botSwitchBodySchema,
      response: okSchema,
      handler: (b, r) => bots.setEnabled(requireAuth(r), actorOf(r), b.id, b.status),
    },
  });

  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    BOTS_PATHS.link,
    { config: { access: 'account' }, schema: { tags: ['bots'], response: { 200: botLinkSchema } } },
    (request) => bots.link(requireAuth(request)),
  );

  resourceRoutes(app, {
    tag: 'groups',
    access: 'groups',
    paths: { fetch: GROUPS_PATHS.fetch, save: GROUPS_PATHS.save },
    fetch: {
      input: chatListQuerySchema,
      response: chatPageSchema,
      handler: (q) => chats.list({ ...q, botId: q.bot_id }),
    },
    save: {
      input: chatSaveBodySchema,
      response: okSchema,
      handler: (b, r) => chats.setLanguage(actorOf(r), b.id, b.language),
    },
  });
  const groups = { config: { access: 'groups' as const } };
  const tags = ['groups'];
  typed.post(
    GROUPS_PATHS.bind,
    { ...groups, schema: { tags, body: chatBindBodySchema, response: { 200: okSchema } } },
    async (r) => {
      await chats.bind(actorOf(r), r.body);
      return null;
    },
  );
  typed.post(
    GROUPS_PATHS.unbind,
    { ...groups, schema: { tags, body: chatUnbindBodySchema, response: { 200: okSchema } } },
    async (r) => {
      await chats.unbind(actorOf(r), r.body.id, r.body.site_id);
      return null;
    },
  );
  typed.post(
    GROUPS_PATHS.testReport,
    {
      ...groups,
      schema: {
        tags,
        body: chatTestReportBodySchema,
        response: { 200: z.object({ sent: z.number().int() }) },
      },
    },
    (r) => chats.testReport(r.body.id, r.body.site_id),
  );
  typed.post(
    GROUPS_PATHS.send,
    { ...groups, schema: { tags, body: chatSendBodySchema, response: { 200: okSchema } } },
    async (r) => {
      await chats.send(actorOf(r), r.body.id, r.body.text);
      return null;
    },
  );
  typed.post(
    GROUPS_PATHS.leave,
    { ...groups, schema: { tags, body: chatLeaveBodySchema, response: { 200: okSchema } } },
    async (r) => {
      await chats.leave(actorOf(r), r.body.id);
      return null;
    },
  );

  // Telegram's webhook POSTs: one path per bot, the secret header checked before anything is read.
  typed.post(
    TELEGRAM_WEBHOOK_PATH,
    {
      config: { access: 'public', envelope: false },
      schema: {
        hide: true,
        params: z.object({
          botId: z.coerce
            .number()
            .int()
            .positive()
            .max(2 ** 31),
        }),
      },
    },
    async (request, reply) => {
      const given = request.headers['x-telegram-bot-api-secret-token'];
      const secret = runtime.webhookSecret(request.params.botId);
      if (typeof given !== 'string' || !sameSecret(given, secret))
        return reply.status(401).send({ ok: false });
      await runtime.handle(request.params.botId, request.body as Update);
      return reply.status(200).send({ ok: true });
    },
  );
}
