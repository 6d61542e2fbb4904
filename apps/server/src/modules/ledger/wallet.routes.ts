import {
  commissionTransferBodySchema,
  ledgerCsvQuerySchema,
  ledgerListQuerySchema,
  ledgerPageSchema,
  WALLET_PATHS,
  walletInfoSchema,
} from '@tally/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden } from '../../lib/errors.js';
import { requireAuth } from '../../plugins/auth.js';
import type { WalletService } from './wallet.service.js';

/** The signed-in account's own id; a share-link client has no account (ACCESS.account refuses it first). */
function ownAccount(request: FastifyRequest): number {
  const { userId } = requireAuth(request);
  if (userId === null) throw forbidden();
  return userId;
}

/** 我的钱包: every call reads or moves the caller's own money only; there is no user id to pass. */
export const walletRoutes: FastifyPluginAsyncZod<{ wallet: WalletService }> = async (app, { wallet }) => {
  const config = { access: 'account' } as const;
  const tags = ['wallet'];

  app.get(WALLET_PATHS.info, { config, schema: { tags, response: { 200: walletInfoSchema } } }, (request) =>
    wallet.info(ownAccount(request)),
  );

  app.get(
    WALLET_PATHS.ledger,
    { config, schema: { tags, querystring: ledgerListQuerySchema, response: { 200: ledgerPageSchema } } },
    (request) => wallet.entries(ownAccount(request), request.query),
  );

  app.get(
    WALLET_PATHS.ledgerCsv,
    { config, schema: { tags, querystring: ledgerCsvQuerySchema } },
    (request, reply) => {
      const { lang, ...filter } = request.query;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="ledger.csv"')
        .send(wallet.csv(ownAccount(request), filter, lang));
    },
  );

  app.post(
    WALLET_PATHS.transfer,
    { config, schema: { tags, body: commissionTransferBodySchema, response: { 200: walletInfoSchema } } },
    (request) => wallet.transferCommission(ownAccount(request), request.body.amount, request.body.request_id),
  );
};
