import { z } from 'zod';
import { csvQuery, dayFilterFields } from './csv-schemas.js';
import { defineApi, endpoint, nothing, pathsOf } from './endpoint.js';
import { pageQuerySchema, pageSchema } from './envelope.js';
import { usdtAmount, usdtText } from './money.js';
import { plainText, storableString } from './text.js';
import { tronAddressSchema, txHashSchema } from './tron.js';

export const RECHARGE_STATUSES = ['pending', 'paid', 'expired', 'cancelled'] as const;
export type RechargeStatus = (typeof RECHARGE_STATUSES)[number];
export const TRANSFER_STATUSES = ['matched', 'unmatched', 'assigned'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];
export const WITHDRAWAL_STATUSES = ['pending', 'approved', 'rejected', 'paid'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

export const FINANCE_STATUS_LABELS: Record<
  RechargeStatus | TransferStatus | WithdrawalStatus,
  { zh: string; en: string }
> = {
  pending: { zh: '待处理', en: 'Pending' },
  paid: { zh: '已支付', en: 'Paid' },
  expired: { zh: '已过期', en: 'Expired' },
  cancelled: { zh: '已取消', en: 'Cancelled' },
  matched: { zh: '已匹配', en: 'Matched' },
  unmatched: { zh: '未匹配', en: 'Unmatched' },
  assigned: { zh: '已指派', en: 'Assigned' },
  approved: { zh: '已批准', en: 'Approved' },
  rejected: { zh: '已拒绝', en: 'Rejected' },
};

const id = z.coerce.number().int().positive();
const reason = plainText(500).refine((v) => v.trim() !== '', 'required');
const dayRange = dayFilterFields;

/** The finance lists' sorts (the table's sortable columns; `-` descending), newest first by default. */
export const RECHARGE_SORTS = ['-id', 'id', '-payable', 'payable', '-paid_at', 'paid_at'] as const;
export const WITHDRAWAL_SORTS = ['-id', 'id', '-amount', 'amount', '-paid_at', 'paid_at'] as const;
export const TRANSFER_SORTS = ['-id', 'id', '-amount', 'amount', '-block_time', 'block_time'] as const;

// ---- addresses (USDT管理) ----

export const usdtAddressRowSchema = z.object({
  id: z.number().int(),
  address: storableString(),
  label: storableString(),
  enabled: z.boolean(),
  last_balance: usdtText().nullable(),
  last_balance_at: storableString().nullable(),
  live_recharges: z.number().int(),
  created_at: storableString(),
});
export type UsdtAddressRow = z.infer<typeof usdtAddressRowSchema>;
export const usdtAddressListQuerySchema = pageQuerySchema.extend({
  enabled: z.enum(['0', '1']).optional(),
  keyword: plainText(64).optional(),
});
export const usdtAddressPageSchema = pageSchema(usdtAddressRowSchema);
export const usdtAddressSaveSchema = z.object({
  id: id.optional(),
  address: tronAddressSchema,
  label: plainText(64),
  enabled: z.boolean().default(true),
});
export const usdtAddressSwitchSchema = z.object({ id, status: z.union([z.literal(0), z.literal(1)]) });

// ---- transfers (USDT转账记录) ----

export const usdtTransferRowSchema = z.object({
  id: z.number().int(),
  tx_id: storableString(),
  event_index: z.number().int(),
  from_address: storableString(),
  to_address: storableString(),
  amount: usdtText(),
  block_time: storableString(),
  status: z.enum(TRANSFER_STATUSES),
  recharge_id: z.number().int().nullable(),
  user_id: z.number().int().nullable(),
  note: storableString(),
  created_at: storableString(),
  /** False: stored while `usdt_only_confirmed` was off and not seen confirmed since (re-checked for a day). */
  confirmed: z.boolean(),
  /** When the watcher found it gone from the chain (or never confirmed within a day); null otherwise. */
  vanished_at: storableString().nullable(),
});
export type UsdtTransferRow = z.infer<typeof usdtTransferRowSchema>;
export const usdtTransferListQuerySchema = pageQuerySchema.extend({
  sort: z.enum(TRANSFER_SORTS).default('-block_time'),
  address: plainText(64).optional(),
  status: z.enum(TRANSFER_STATUSES).optional(),
  tx: plainText(80).optional(),
  min: usdtAmount().optional(),
  max: usdtAmount().optional(),
  ...dayRange,
});
/** Lists of money carry the total of every filtered row (not only the page), as a decimal string. */
export const usdtTransferPageSchema = pageSchema(usdtTransferRowSchema).extend({ sum: usdtText() });
/** An admin assigns an unmatched transfer to a recharge or straight to a user; the reason is audited. */
export const usdtTransferAssignSchema = z
  .object({ id, recharge_id: id.optional(), user_id: id.optional(), reason })
  .refine((v) => (v.recharge_id === undefined) !== (v.user_id === undefined), {
    message: 'choose a recharge or a user',
    path: ['recharge_id'],
  });

/** What one watcher cycle did. */
export const chainCycleSchema = z.object({
  addresses: z.number().int(),
  requests: z.number().int(),
  retries: z.number().int(),
  transfers: z.number().int(),
  matched: z.number().int(),
  unmatched: z.number().int(),
  duplicates: z.number().int(),
  /** Transfers TronGrid listed of another token or decimals than USDT's: logged, never credited. */
  foreign: z.number().int(),
  /** Transfers stored unconfirmed that the chain no longer shows: flagged and audited. */
  vanished: z.number().int(),
  failed: z.number().int(),
  /** Paid withdrawals the chain showed, confirmed and matching, this cycle. */
  verified: z.number().int(),
  /** Another watcher was reading the chain (one at a time across processes): this call read nothing. */
  skipped: z.boolean(),
  ms: z.number(),
});

// ---- recharges (充值记录) ----

export const rechargeRowSchema = z.object({
  id: z.number().int(),
  order_no: storableString(),
  user_id: z.number().int(),
  username: storableString(),
  amount: usdtText(),
  payable: usdtText(),
  address: storableString(),
  status: z.enum(RECHARGE_STATUSES),
  tx_id: storableString().nullable(),
  expires_at: storableString(),
  /** Until when the payable amount stays reserved for this recharge (expiry + grace). */
  locked_until: storableString(),
  paid_at: storableString().nullable(),
  created_at: storableString(),
});
export type RechargeRow = z.infer<typeof rechargeRowSchema>;
export const rechargeListQuerySchema = pageQuerySchema.extend({
  sort: z.enum(RECHARGE_SORTS).default('-id'),
  address: plainText(64).optional(),
  user: plainText(64).optional(),
  status: z.enum(RECHARGE_STATUSES).optional(),
  tx: plainText(80).optional(),
  min: usdtAmount().optional(),
  max: usdtAmount().optional(),
  ...dayRange,
});
export const rechargePageSchema = pageSchema(rechargeRowSchema).extend({ sum: usdtText() });
export const rechargeMarkPaidSchema = z.object({ id, reason, tx_id: txHashSchema.optional() });
export const rechargeCancelSchema = z.object({ id });

// ---- withdrawals (提现记录) ----

export const withdrawalRowSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  username: storableString(),
  amount: usdtText(),
  fee: usdtText(),
  address: storableString(),
  status: z.enum(WITHDRAWAL_STATUSES),
  reason: storableString(),
  tx_id: storableString().nullable(),
  /** When TronGrid showed `tx_id` paying this withdrawal (USDT, its address, its amount, confirmed); null: not yet. */
  chain_verified_at: storableString().nullable(),
  created_at: storableString(),
  decided_at: storableString().nullable(),
  paid_at: storableString().nullable(),
});
export type WithdrawalRow = z.infer<typeof withdrawalRowSchema>;
export const withdrawalListQuerySchema = pageQuerySchema.extend({
  sort: z.enum(WITHDRAWAL_SORTS).default('-id'),
  user: plainText(64).optional(),
  status: z.enum(WITHDRAWAL_STATUSES).optional(),
  address: plainText(64).optional(),
  tx: plainText(80).optional(),
  ...dayRange,
});
export const withdrawalPageSchema = pageSchema(withdrawalRowSchema).extend({ sum: usdtText() });
export const withdrawalDecideSchema = z.object({ id });
export const withdrawalRejectSchema = z.object({ id, reason });
export const withdrawalMarkPaidSchema = z.object({ id, tx_id: txHashSchema });

// ---- the user's side ----

export const rechargeOptionsSchema = z.object({
  min: usdtText(),
  max: usdtText(),
  expiry_minutes: z.number().int(),
  withdrawal_min: usdtText(),
  withdrawal_fee: usdtText(),
  withdrawal_daily_limit: usdtText(),
  /** Whether any receiving address is enabled (no address: recharging is closed). */
  open: z.boolean(),
});
export const rechargeCreateSchema = z.object({ amount: usdtAmount() });
export const rechargeIdSchema = z.object({ id });
export const userRechargeSchema = rechargeRowSchema.omit({ username: true, user_id: true });
export const userRechargePageSchema = pageSchema(userRechargeSchema);
export const withdrawalCreateSchema = z.object({
  amount: usdtAmount(),
  address: tronAddressSchema,
  /** Optional idempotency key: the same one never holds twice. */
  request_id: storableString()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'letters, digits, _ or -')
    .optional(),
});
export const userWithdrawalSchema = withdrawalRowSchema.omit({ username: true, user_id: true });
export const userWithdrawalPageSchema = pageSchema(userWithdrawalSchema);
export const userFinanceListQuerySchema = pageQuerySchema;

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

/** The audit trail's actions of USDT addresses, recharges, transfers and withdrawals (audit.ts gathers every area's; the web labels each). */
export const FINANCE_AUDIT_ACTIONS = [
  'usdt_address.create',
  'usdt_address.update',
  'recharge.cancel',
  'recharge.mark_paid',
  'usdt_transfer.assign',
  'usdt_transfer.vanished',
  'withdrawal.approve',
  'withdrawal.reject',
  'withdrawal.mark_paid',
  'withdrawal.chain_verified',
] as const;
