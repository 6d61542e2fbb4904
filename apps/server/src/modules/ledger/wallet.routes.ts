import { WALLET_API } from '@tally/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CSV_CONTENT_TYPE } from '../../lib/csv.js';
import { SERVER_TIME_ZONE, zonedTime } from '../../lib/csv-export.js';
import { routes } from '../../lib/endpoint-routes.js';
import { ownAccountId } from '../../plugins/auth.js';
import type { WalletService } from './wallet.service.js';

/** 我的钱包: every call reads or moves the caller's own money only; there is no user id to pass. */
export const walletRoutes: FastifyPluginAsyncZod<{ wallet: WalletService }> = async (app, { wallet }) => {
  routes(app, WALLET_API, {
    info: (_, request) => wallet.info(ownAccountId(request)),
    ledger: (query, request) => wallet.entries(ownAccountId(request), query),
    ledgerCsv: ({ lang, tz, ...filter }, request, reply) => {
      const zone = tz ?? SERVER_TIME_ZONE;
      const day = zonedTime(new Date(), zone).slice(0, 10);
      return reply
        .header('content-type', CSV_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="ledger-${day}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(wallet.csv(ownAccountId(request), filter, lang, zone));
    },
    transfer: (body, request) =>
      wallet.transferCommission(ownAccountId(request), body.amount, body.request_id),
  });
};
