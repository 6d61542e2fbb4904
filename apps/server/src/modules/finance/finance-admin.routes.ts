import { ADMIN_FINANCE_API } from '@tally/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '../../lib/endpoint-routes.js';
import { actorOf } from '../../plugins/auth.js';
import type { FinanceServices } from './finance-services.js';

/** USDT管理, USDT转账记录, 充值记录, 提现记录: admins only (ACCESS.finance). */
export const financeAdminRoutes: FastifyPluginAsyncZod<FinanceServices> = async (app, s) => {
  routes(app, ADMIN_FINANCE_API, {
    addressesFetch: (q) => s.usdtAddresses.list(q),
    addressesSave: (b, r) => s.usdtAddresses.save(b, actorOf(r)),
    addressesSwitch: (b, r) => s.usdtAddresses.setEnabled(b.id, b.status === 1, actorOf(r)),
    transfersFetch: (q) => s.usdtTransfers.list(q),
    transfersAssign: (b, r) => s.usdtTransfers.assign(b, actorOf(r)),
    // Reads the chain now instead of at the next minute; what it stores and credits is the job's own work.
    transfersSync: () => s.chainWatcher.cycle(),
    rechargesFetch: (q) => s.recharges.list(q),
    rechargesMarkPaid: (b, r) => s.recharges.markPaid(b.id, b.reason, b.tx_id, actorOf(r)),
    rechargesCancel: (b, r) => s.recharges.cancel(b.id, { actor: actorOf(r) }),
    withdrawalsFetch: (q) => s.withdrawals.list(q),
    withdrawalsApprove: (b, r) => s.withdrawals.approve(b.id, actorOf(r)),
    withdrawalsReject: (b, r) => s.withdrawals.reject(b.id, b.reason, actorOf(r)),
    withdrawalsMarkPaid: (b, r) => s.withdrawals.markPaid(b.id, b.tx_id, actorOf(r)),
  });
};
