import { createHash, timingSafeEqual } from 'node:crypto';
import { BOTS_API, GROUPS_API, TELEGRAM_WEBHOOK_PATH } from '@tally/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Update } from 'grammy/types';
import { z } from 'zod';
import { csvExport } from '../../lib/csv-export.js';
import { routes } from '../../lib/endpoint-routes.js';
import { actorOf, requireAuth } from '../../plugins/auth.js';
import type { BotsService } from './bots.service.js';
import type { ChatsService } from './chats.service.js';
import type { BotRuntime } from './runtime.js';
import { BOT_CSV, GROUP_CSV } from './telegram-csv.js';

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
  routes(app, BOTS_API, {
    fetch: (q, r) => bots.list(requireAuth(r), q),
    export: csvExport(BOTS_API.export, BOT_CSV, (q, r, page, limit) =>
      bots.list(requireAuth(r), { ...q, page, limit }),
    ),
    save: (b, r) => bots.add(requireAuth(r), actorOf(r), b.bot_token),
    del: (b, r) => bots.delete(requireAuth(r), actorOf(r), b.ids),
    switch: (b, r) => bots.setEnabled(requireAuth(r), actorOf(r), b.id, b.status),
    link: (_, r) => bots.link(requireAuth(r)),
  });

  routes(app, GROUPS_API, {
    fetch: (q) => chats.list({ ...q, botId: q.bot_id }),
    export: csvExport(GROUPS_API.export, GROUP_CSV, (q, _r, page, limit) =>
      chats.list({ ...q, botId: q.bot_id, page, limit }),
    ),
    save: (b, r) => chats.setLanguage(actorOf(r), b.id, b.language),
    bind: (b, r) => chats.bind(actorOf(r), b),
    unbind: (b, r) => chats.unbind(actorOf(r), b.id, b.site_id),
    testReport: (b) => chats.testReport(b.id, b.site_id),
    send: (b, r) => chats.send(actorOf(r), b.id, b.text),
    leave: (b, r) => chats.leave(actorOf(r), b.id),
  });

  const typed = app.withTypeProvider<ZodTypeProvider>();
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
