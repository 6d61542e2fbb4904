import { WALLET_API } from '@tally/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '../../lib/endpoint-routes.js';
import { ownAccountId } from '../../plugins/auth.js';
import type { WalletService } from './wallet.service.js';

/** 我的钱包: every call reads or moves the caller's own money only; there is no user id to pass. */
export const walletRoutes: FastifyPluginAsyncZod<{ wallet: WalletService }> = async (app, { wallet }) => {
  routes(app, WALLET_API, {
    info: (_, request) => wallet.info(ownAccountId(request)),
    ledger: (query, request) => wallet.entries(ownAccountId(request), query),
    ledgerCsv: ({ lang, ...filter }, request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="ledger.csv"')
        .send(wallet.csv(ownAccountId(request), filter, lang)),
    transfer: (body, request) =>
      wallet.transferCommission(ownAccountId(request), body.amount, body.request_id),
  });
};
