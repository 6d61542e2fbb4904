import {
  chainCycleSchema,
  FINANCE_PATHS,
  rechargeCancelSchema,
  rechargeListQuerySchema,
  rechargeMarkPaidSchema,
  rechargePageSchema,
  rechargeRowSchema,
  usdtAddressListQuerySchema,
  usdtAddressPageSchema,
  usdtAddressRowSchema,
  usdtAddressSaveSchema,
  usdtAddressSwitchSchema,
  usdtTransferAssignSchema,
  usdtTransferListQuerySchema,
  usdtTransferPageSchema,
  usdtTransferRowSchema,
  withdrawalDecideSchema,
  withdrawalListQuerySchema,
  withdrawalMarkPaidSchema,
  withdrawalPageSchema,
  withdrawalRejectSchema,
  withdrawalRowSchema,
} from '@tally/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resourceRoutes } from '../../lib/resource-routes.js';
import { actorOf } from '../../plugins/auth.js';
import type { FinanceServices } from './finance.module.js';

const tags = ['finance'];
const config = { access: 'finance' as const };

/** USDT管理, USDT转账记录, 充值记录, 提现记录: admins only (ACCESS.finance). */
export const financeAdminRoutes: FastifyPluginAsyncZod<FinanceServices> = async (app, s) => {
  resourceRoutes(app, {
    tag: 'finance',
    access: 'finance',
    paths: FINANCE_PATHS.addresses,
    fetch: {
      input: usdtAddressListQuerySchema,
      response: usdtAddressPageSchema,
      handler: (q) => s.usdtAddresses.list(q),
    },
    save: {
      input: usdtAddressSaveSchema,
      response: usdtAddressRowSchema,
      handler: (b, r) => s.usdtAddresses.save(b, actorOf(r)),
    },
    switch: {
      input: usdtAddressSwitchSchema,
      response: usdtAddressRowSchema,
      handler: (b, r) => s.usdtAddresses.setEnabled(b.id, b.status === 1, actorOf(r)),
    },
  });

  const { transfers, recharges, withdrawals } = FINANCE_PATHS;
  app.get(
    transfers.fetch,
    {
      config,
      schema: { tags, querystring: usdtTransferListQuerySchema, response: { 200: usdtTransferPageSchema } },
    },
    (r) => s.usdtTransfers.list(r.query),
  );
  app.post(
    transfers.assign,
    { config, schema: { tags, body: usdtTransferAssignSchema, response: { 200: usdtTransferRowSchema } } },
    (r) => s.usdtTransfers.assign(r.body, actorOf(r)),
  );

  // Reads the chain now instead of at the next minute; what it stores and credits is the job's own work.
  app.post(transfers.sync, { config, schema: { tags, response: { 200: chainCycleSchema } } }, () =>
    s.chainWatcher.cycle(),
  );

  app.get(
    recharges.fetch,
    { config, schema: { tags, querystring: rechargeListQuerySchema, response: { 200: rechargePageSchema } } },
    (r) => s.recharges.list(r.query),
  );
  app.post(
    recharges.markPaid,
    { config, schema: { tags, body: rechargeMarkPaidSchema, response: { 200: rechargeRowSchema } } },
    (r) => s.recharges.markPaid(r.body.id, r.body.reason, r.body.tx_id, actorOf(r)),
  );
  app.post(
    recharges.cancel,
    { config, schema: { tags, body: rechargeCancelSchema, response: { 200: rechargeRowSchema } } },
    (r) => s.recharges.cancel(r.body.id, { actor: actorOf(r) }),
  );

  app.get(
    withdrawals.fetch,
    {
      config,
      schema: { tags, querystring: withdrawalListQuerySchema, response: { 200: withdrawalPageSchema } },
    },
    (r) => s.withdrawals.list(r.query),
  );
  app.post(
    withdrawals.approve,
    { config, schema: { tags, body: withdrawalDecideSchema, response: { 200: withdrawalRowSchema } } },
    (r) => s.withdrawals.approve(r.body.id, actorOf(r)),
  );
  app.post(
    withdrawals.reject,
    { config, schema: { tags, body: withdrawalRejectSchema, response: { 200: withdrawalRowSchema } } },
    (r) => s.withdrawals.reject(r.body.id, r.body.reason, actorOf(r)),
  );
  app.post(
    withdrawals.markPaid,
    { config, schema: { tags, body: withdrawalMarkPaidSchema, response: { 200: withdrawalRowSchema } } },
    (r) => s.withdrawals.markPaid(r.body.id, r.body.tx_id, actorOf(r)),
  );
};
