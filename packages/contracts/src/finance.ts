import { csvQuery } from './csv-schemas.js';
import { nothing } from './endpoint.js';
import { defineApi, endpoint, pathsOf } from './endpoint-core.js';
import {
  chainCycleSchema,
  rechargeCancelSchema,
  rechargeCreateSchema,
  rechargeIdSchema,
  rechargeListQuerySchema,
  rechargeMarkPaidSchema,
  rechargeOptionsSchema,
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
  userFinanceListQuerySchema,
  userRechargePageSchema,
  userRechargeSchema,
  userWithdrawalPageSchema,
  userWithdrawalSchema,
  withdrawalCreateSchema,
  withdrawalDecideSchema,
  withdrawalListQuerySchema,
  withdrawalMarkPaidSchema,
  withdrawalPageSchema,
  withdrawalRejectSchema,
  withdrawalRowSchema,
} from './finance-schemas.js';

export * from './finance-constants.js';

/** The back-office finance calls: USDT管理, USDT转账记录, 充值记录, 提现记录 (admins only, ACCESS.finance). */
export const ADMIN_FINANCE_API = defineApi('finance', {
  addressesFetch: endpoint({
    method: 'GET',
    path: '/api/v1/admin/usdt/fetch',
    access: 'finance',
    summary: 'List the receiving USDT addresses',
    query: usdtAddressListQuerySchema,
    response: usdtAddressPageSchema,
  }),
  /** The filtered receiving USDT addresses as CSV: every filtered row in the list's order, streamed (csv.ts). */
  addressesExport: endpoint({
    method: 'GET',
    path: '/api/v1/admin/usdt/export',
    access: 'finance',
    file: true,
    summary: 'The filtered receiving USDT addresses as a CSV file',
    query: csvQuery(usdtAddressListQuerySchema),
    response: nothing,
  }),
  addressesSave: endpoint({
    method: 'POST',
    path: '/api/v1/admin/usdt/save',
    access: 'finance',
    summary: 'Add a receiving USDT address (no id) or update one',
    body: usdtAddressSaveSchema,
    response: usdtAddressRowSchema,
  }),
  addressesSwitch: endpoint({
    method: 'POST',
    path: '/api/v1/admin/usdt/switch',
    access: 'finance',
    summary: 'Enable or disable a receiving USDT address',
    body: usdtAddressSwitchSchema,
    response: usdtAddressRowSchema,
  }),
  transfersFetch: endpoint({
    method: 'GET',
    path: '/api/v1/admin/usdtTransfer/fetch',
    access: 'finance',
    summary: 'List incoming USDT transfers, with the total of the filtered rows',
    query: usdtTransferListQuerySchema,
    response: usdtTransferPageSchema,
  }),
  /** The filtered USDT transfers as CSV: every filtered row in the list's order, streamed (csv.ts). */
  transfersExport: endpoint({
    method: 'GET',
    path: '/api/v1/admin/usdtTransfer/export',
    access: 'finance',
    file: true,
    summary: 'The filtered USDT transfers as a CSV file',
    query: csvQuery(usdtTransferListQuerySchema),
    response: nothing,
  }),
  transfersAssign: endpoint({
    method: 'POST',
    path: '/api/v1/admin/usdtTransfer/assign',
    access: 'finance',
    summary: 'Assign an unmatched transfer to a recharge or a user (audited)',
    body: usdtTransferAssignSchema,
    response: usdtTransferRowSchema,
  }),
  /** Runs one chain-watcher cycle now (the job runs every minute). */
  transfersSync: endpoint({
    method: 'POST',
    path: '/api/v1/admin/usdtTransfer/sync',
    access: 'finance',
    summary: 'Read the chain now (one chain-watcher cycle)',
    response: chainCycleSchema,
  }),
  rechargesFetch: endpoint({
    method: 'GET',
    path: '/api/v1/admin/recharge/fetch',
    access: 'finance',
    summary: 'List every recharge, with the total of the filtered rows',
    query: rechargeListQuerySchema,
    response: rechargePageSchema,
  }),
  /** The filtered recharges as CSV: every filtered row in the list's order, streamed (csv.ts). */
  rechargesExport: endpoint({
    method: 'GET',
    path: '/api/v1/admin/recharge/export',
    access: 'finance',
    file: true,
    summary: 'The filtered recharges as a CSV file',
    query: csvQuery(rechargeListQuerySchema),
    response: nothing,
  }),
  rechargesMarkPaid: endpoint({
    method: 'POST',
    path: '/api/v1/admin/recharge/markPaid',
    access: 'finance',
    summary: 'Mark a recharge paid by hand (reason required, audited)',
    body: rechargeMarkPaidSchema,
    response: rechargeRowSchema,
  }),
  rechargesCancel: endpoint({
    method: 'POST',
    path: '/api/v1/admin/recharge/cancel',
    access: 'finance',
    summary: 'Cancel a recharge',
    body: rechargeCancelSchema,
    response: rechargeRowSchema,
  }),
  withdrawalsFetch: endpoint({
    method: 'GET',
    path: '/api/v1/admin/withdrawal/fetch',
    access: 'finance',
    summary: 'List every withdrawal, with the total of the filtered rows',
    query: withdrawalListQuerySchema,
    response: withdrawalPageSchema,
  }),
  /** The filtered withdrawals as CSV: every filtered row in the list's order, streamed (csv.ts). */
  withdrawalsExport: endpoint({
    method: 'GET',
    path: '/api/v1/admin/withdrawal/export',
    access: 'finance',
    file: true,
    summary: 'The filtered withdrawals as a CSV file',
    query: csvQuery(withdrawalListQuerySchema),
    response: nothing,
  }),
  withdrawalsApprove: endpoint({
    method: 'POST',
    path: '/api/v1/admin/withdrawal/approve',
    access: 'finance',
    summary: 'Approve a pending withdrawal',
    body: withdrawalDecideSchema,
    response: withdrawalRowSchema,
  }),
  withdrawalsReject: endpoint({
    method: 'POST',
    path: '/api/v1/admin/withdrawal/reject',
    access: 'finance',
    summary: 'Reject a withdrawal with a reason (the held money goes back)',
    body: withdrawalRejectSchema,
    response: withdrawalRowSchema,
  }),
  withdrawalsMarkPaid: endpoint({
    method: 'POST',
    path: '/api/v1/admin/withdrawal/markPaid',
    access: 'finance',
    summary: 'Mark an approved withdrawal paid with its transaction hash',
    body: withdrawalMarkPaidSchema,
    response: withdrawalRowSchema,
  }),
});

/** The signed-in user's own recharges and withdrawals (我的钱包, ACCESS.account). */
export const FINANCE_API = defineApi('wallet', {
  rechargeOptions: endpoint({
    method: 'GET',
    path: '/api/v1/api2/recharge/options',
    access: 'account',
    summary: 'Recharge and withdrawal limits, and whether recharging is open',
    response: rechargeOptionsSchema,
  }),
  rechargeCreate: endpoint({
    method: 'POST',
    path: '/api/v1/api2/recharge/create',
    access: 'account',
    summary: 'Start a recharge: the address and the exact amount to pay',
    body: rechargeCreateSchema,
    response: userRechargeSchema,
  }),
  rechargeStatus: endpoint({
    method: 'GET',
    path: '/api/v1/api2/recharge/status',
    access: 'account',
    summary: "One of the caller's recharges (polled while it waits)",
    query: rechargeIdSchema,
    response: userRechargeSchema,
  }),
  rechargeCancel: endpoint({
    method: 'POST',
    path: '/api/v1/api2/recharge/cancel',
    access: 'account',
    summary: "Cancel one of the caller's pending recharges",
    body: rechargeIdSchema,
    response: userRechargeSchema,
  }),
  rechargeList: endpoint({
    method: 'GET',
    path: '/api/v1/api2/recharge/list',
    access: 'account',
    summary: "The caller's recharges",
    query: userFinanceListQuerySchema,
    response: userRechargePageSchema,
  }),
  /** The caller's recharges as CSV: every filtered row in the list's order, streamed (csv.ts). */
  rechargeExport: endpoint({
    method: 'GET',
    path: '/api/v1/api2/recharge/export',
    access: 'account',
    file: true,
    summary: "The caller's recharges as a CSV file",
    query: csvQuery(userFinanceListQuerySchema),
    response: nothing,
  }),
  withdrawalCreate: endpoint({
    method: 'POST',
    path: '/api/v1/api2/withdrawal/create',
    access: 'account',
    summary: 'Ask for a withdrawal to a TRC20 address (the amount and fee are held)',
    body: withdrawalCreateSchema,
    response: userWithdrawalSchema,
  }),
  withdrawalList: endpoint({
    method: 'GET',
    path: '/api/v1/api2/withdrawal/list',
    access: 'account',
    summary: "The caller's withdrawals",
    query: userFinanceListQuerySchema,
    response: userWithdrawalPageSchema,
  }),
  /** The caller's withdrawals as CSV: every filtered row in the list's order, streamed (csv.ts). */
  withdrawalExport: endpoint({
    method: 'GET',
    path: '/api/v1/api2/withdrawal/export',
    access: 'account',
    file: true,
    summary: "The caller's withdrawals as a CSV file",
    query: csvQuery(userFinanceListQuerySchema),
    response: nothing,
  }),
});

const admin = pathsOf(ADMIN_FINANCE_API);

/** The calls' paths, grouped as tests and e2e specs name them (`FINANCE_PATHS.withdrawals.approve`). */
export const FINANCE_PATHS = {
  addresses: { fetch: admin.addressesFetch, save: admin.addressesSave, switch: admin.addressesSwitch },
  transfers: { fetch: admin.transfersFetch, assign: admin.transfersAssign, sync: admin.transfersSync },
  recharges: {
    fetch: admin.rechargesFetch,
    markPaid: admin.rechargesMarkPaid,
    cancel: admin.rechargesCancel,
  },
  withdrawals: {
    fetch: admin.withdrawalsFetch,
    approve: admin.withdrawalsApprove,
    reject: admin.withdrawalsReject,
    markPaid: admin.withdrawalsMarkPaid,
  },
  user: pathsOf(FINANCE_API),
} as const;
