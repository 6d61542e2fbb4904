import {
  FINANCE_PATHS,
  rechargeCreateSchema,
  rechargeIdSchema,
  rechargeOptionsSchema,
  userFinanceListQuerySchema,
  userRechargePageSchema,
  userRechargeSchema,
  userWithdrawalPageSchema,
  userWithdrawalSchema,
  withdrawalCreateSchema,
} from '@tally/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ownAccountId } from '../../plugins/auth.js';
import type { FinanceServices } from './finance.module.js';

const tags = ['wallet'];
const config = { access: 'account' as const };
const paths = FINANCE_PATHS.user;

/** The wallet's recharge and withdrawal (我的钱包). */
export const financeUserRoutes: FastifyPluginAsyncZod<FinanceServices> = async (app, s) => {
  app.get(paths.rechargeOptions, { config, schema: { tags, response: { 200: rechargeOptionsSchema } } }, () =>
    s.recharges.options(),
  );
  app.post(
    paths.rechargeCreate,
    { config, schema: { tags, body: rechargeCreateSchema, response: { 200: userRechargeSchema } } },
    (r) => s.recharges.create(ownAccountId(r), r.body.amount),
  );
  app.get(
    paths.rechargeStatus,
    { config, schema: { tags, querystring: rechargeIdSchema, response: { 200: userRechargeSchema } } },
    (r) => s.recharges.byId(r.query.id, ownAccountId(r)),
  );
  app.post(
    paths.rechargeCancel,
    { config, schema: { tags, body: rechargeIdSchema, response: { 200: userRechargeSchema } } },
    (r) => s.recharges.cancel(r.body.id, { userId: ownAccountId(r) }),
  );
  app.get(
    paths.rechargeList,
    {
      config,
      schema: { tags, querystring: userFinanceListQuerySchema, response: { 200: userRechargePageSchema } },
    },
    (r) => s.recharges.list({ ...r.query, userId: ownAccountId(r) }),
  );
  app.post(
    paths.withdrawalCreate,
    { config, schema: { tags, body: withdrawalCreateSchema, response: { 200: userWithdrawalSchema } } },
    (r) => s.withdrawals.create(ownAccountId(r), r.body),
  );
  app.get(
    paths.withdrawalList,
    {
      config,
      schema: { tags, querystring: userFinanceListQuerySchema, response: { 200: userWithdrawalPageSchema } },
    },
    (r) => s.withdrawals.list({ ...r.query, userId: ownAccountId(r) }),
  );
};
