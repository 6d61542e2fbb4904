import { ADMIN_FINANCE_API } from '@tally/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { csvExport } from '../../lib/csv-export.js';
import { routes } from '../../lib/endpoint-routes.js';
import { actorOf } from '../../plugins/auth.js';
import { ADDRESS_CSV, RECHARGE_CSV, TRANSFER_CSV, WITHDRAWAL_CSV } from './finance-csv.js';
import type { FinanceServices } from './finance-services.js';

/** USDT管理, USDT转账记录, 充值记录, 提现记录: admins only (ACCESS.finance). */
export const financeAdminRoutes: FastifyPluginAsyncZod<FinanceServices> = async (app, s) => {
  routes(app, ADMIN_FINANCE_API, {
    addressesFetch: (q) => s.usdtAddresses.list(q),
    addressesExport: csvExport(ADMIN_FINANCE_API.addressesExport, ADDRESS_CSV, (q, _r, page, limit) =>
      s.usdtAddresses.list({ ...q, page, limit }),
    ),
    addressesSave: (b, r) => s.usdtAddresses.save(b, actorOf(r)),
    addressesSwitch: (b, r) => s.usdtAddresses.setEnabled(b.id, b.status === 1, actorOf(r)),
    transfersFetch: (q) => s.usdtTransfers.list(q),
    transfersExport: csvExport(ADMIN_FINANCE_API.transfersExport, TRANSFER_CSV, (q, _r, page, limit) =>
      s.usdtTransfers.list({ ...q, page, limit }),
    ),
    transfersAssign: (b, r) => s.usdtTransfers.assign(b, actorOf(r)),
    // Reads the chain now instead of at the next minute; what it stores and credits is the job's own work.
    transfersSync: () => s.chainWatcher.cycle(),
    rechargesFetch: (q) => s.recharges.list(q),
    rechargesExport: csvExport(ADMIN_FINANCE_API.rechargesExport, RECHARGE_CSV, (q, _r, page, limit) =>
      s.recharges.list({ ...q, page, limit }),
    ),
    rechargesMarkPaid: (b, r) => s.recharges.markPaid(b.id, b.reason, b.tx_id, actorOf(r)),
    rechargesCancel: (b, r) => s.recharges.cancel(b.id, { actor: actorOf(r) }),
    withdrawalsFetch: (q) => s.withdrawals.list(q),
    withdrawalsExport: csvExport(ADMIN_FINANCE_API.withdrawalsExport, WITHDRAWAL_CSV, (q, _r, page, limit) =>
      s.withdrawals.list({ ...q, page, limit }),
    ),
    withdrawalsApprove: (b, r) => s.withdrawals.approve(b.id, actorOf(r)),
    withdrawalsReject: (b, r) => s.withdrawals.reject(b.id, b.reason, actorOf(r)),
    withdrawalsMarkPaid: (b, r) => s.withdrawals.markPaid(b.id, b.tx_id, actorOf(r)),
  });
};
