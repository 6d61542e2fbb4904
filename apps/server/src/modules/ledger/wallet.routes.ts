import {
  commissionTransferBodySchema,
  ledgerCsvQuerySchema,
  ledgerListQuerySchema,
  ledgerPageSchema,
  WALLET_PATHS,
  walletInfoSchema,
} from '@tally/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ownAccountId } from '../../plugins/auth.js';
import type { WalletService } from './wallet.service.js';

/** 我的钱包: every call reads or moves the caller's own money only; there is no user id to pass. */
export const walletRoutes: FastifyPluginAsyncZod<{ wallet: WalletService }> = async (app, { wallet }) => {
  const config = { access: 'account' } as const;
  const tags = ['wallet'];

  app.get(WALLET_PATHS.info, { config, schema: { tags, response: { 200: walletInfoSchema } } }, (request) =>
    wallet.info(ownAccountId(request)),
  );

  app.get(
    WALLET_PATHS.ledger,
    { config, schema: { tags, querystring: ledgerListQuerySchema, response: { 200: ledgerPageSchema } } },
    (request) => wallet.entries(ownAccountId(request), request.query),
  );

  app.get(
    WALLET_PATHS.ledgerCsv,
    { config, schema: { tags, querystring: ledgerCsvQuerySchema } },
    (request, reply) => {
      const { lang, ...filter } = request.query;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="ledger.csv"')
        .send(wallet.csv(ownAccountId(request), filter, lang));
    },
  );

  app.post(
    WALLET_PATHS.transfer,
    { config, schema: { tags, body: commissionTransferBodySchema, response: { 200: walletInfoSchema } } },
    (request) =>
      wallet.transferCommission(ownAccountId(request), request.body.amount, request.body.request_id),
  );
};
