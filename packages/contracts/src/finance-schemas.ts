import { z } from 'zod';
import { dayFilterFields } from './csv-schemas.js';
import { pageQuerySchema, pageSchema } from './envelope.js';
import {
  RECHARGE_SORTS,
  RECHARGE_STATUSES,
  TRANSFER_SORTS,
  TRANSFER_STATUSES,
  WITHDRAWAL_SORTS,
  WITHDRAWAL_STATUSES,
} from './finance-constants.js';
import { usdtAmount, usdtText } from './money-schemas.js';
import { plainText, storableString } from './text.js';
import { tronAddressSchema, txHashSchema } from './tron-schemas.js';

/** The schemas of finance (finance.ts declares the calls, finance-constants.ts the plain values). */

const id = z.coerce.number().int().positive();

const reason = plainText(500).refine((v) => v.trim() !== '', 'required');

const dayRange = dayFilterFields;

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
