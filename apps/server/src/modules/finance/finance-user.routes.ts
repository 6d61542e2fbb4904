import { FINANCE_API } from '@tally/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { csvExport } from '../../lib/csv-export.js';
import { routes } from '../../lib/endpoint-routes.js';
import { ownAccountId } from '../../plugins/auth.js';
import { OWN_RECHARGE_CSV, OWN_WITHDRAWAL_CSV } from './finance-csv.js';
import type { FinanceServices } from './finance-services.js';

/** The wallet's recharge and withdrawal (我的钱包). */
export const financeUserRoutes: FastifyPluginAsyncZod<FinanceServices> = async (app, s) => {
  routes(app, FINANCE_API, {
    rechargeOptions: () => s.recharges.options(),
    rechargeCreate: (b, r) => s.recharges.create(ownAccountId(r), b.amount),
    rechargeStatus: (q, r) => s.recharges.byId(q.id, ownAccountId(r)),
    rechargeCancel: (b, r) => s.recharges.cancel(b.id, { userId: ownAccountId(r) }),
    rechargeList: (q, r) => s.recharges.list({ ...q, userId: ownAccountId(r) }),
    rechargeExport: csvExport(FINANCE_API.rechargeExport, OWN_RECHARGE_CSV, (q, r, page, limit) =>
      s.recharges.list({ ...q, page, limit, userId: ownAccountId(r) }),
    ),
    withdrawalCreate: (b, r) => s.withdrawals.create(ownAccountId(r), b),
    withdrawalList: (q, r) => s.withdrawals.list({ ...q, userId: ownAccountId(r) }),
    withdrawalExport: csvExport(FINANCE_API.withdrawalExport, OWN_WITHDRAWAL_CSV, (q, r, page, limit) =>
      s.withdrawals.list({ ...q, page, limit, userId: ownAccountId(r) }),
    ),
  });
};
