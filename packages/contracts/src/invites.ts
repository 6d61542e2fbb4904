import { z } from 'zod';
import { defineApi, endpoint, pathsOf } from './endpoint.js';
import { pageQuerySchema, pageSchema } from './envelope.js';
import { walletInfoSchema } from './ledger.js';
import { usdtText } from './money.js';
import { storableString } from './text.js';

export const INVITE_ERRORS = {
  nothingToMove: 'There is no commission to move.',
} as const;

/**
 * pending: waits for its delay; credited: in the commission account; cancelled: the order was
 * refunded before it was credited; reversed: refunded after, taken back (see `unrecovered`).
 */
export const COMMISSION_STATUSES = ['pending', 'credited', 'cancelled', 'reversed'] as const;
export type CommissionStatus = (typeof COMMISSION_STATUSES)[number];

const isoTime = () => z.iso.datetime({ offset: true });

export const inviteInfoSchema = z.object({
  invite_code: storableString(),
  /** `/register?code=…`, on the site's `weburl` when one is set (else a path on this site). */
  link: storableString(),
  invitees: z.number().int(),
  /** Percent of an invitee's paid order total (rounded down to the micro-USDT). */
  commission_rate: z.number().int(),
  /** Hours between the payment and the credit. */
  commission_delay_hours: z.number().int(),
  commission_pending: usdtText(),
  /** Credited and not taken back by a refund. */
  commission_credited: usdtText(),
  commission_balance: usdtText(),
  /** Whether the commission may be moved to the balance now. */
  commission_transfer: z.boolean(),
});
export type InviteInfo = z.infer<typeof inviteInfoSchema>;

export const inviteeSchema = z.object({
  id: z.number().int(),
  username: storableString(),
  /** Masked (`ab***@example.com`): the inviter sees who joined, not their address. */
  email: storableString(),
  joined_at: isoTime(),
  /** Paid orders' totals; refunded ones excluded. */
  paid_total: usdtText(),
});
export type Invitee = z.infer<typeof inviteeSchema>;
export const inviteePageSchema = pageSchema(inviteeSchema);

export const inviteesQuerySchema = pageQuerySchema.extend({
  sort: z.enum(['-id', 'id']).default('-id'),
});

export const commissionSchema = z.object({
  id: z.number().int(),
  invitee: storableString(),
  order_total: usdtText(),
  rate: z.number().int(),
  amount: usdtText(),
  status: z.enum(COMMISSION_STATUSES),
  due_at: isoTime(),
  credited_at: isoTime().nullable(),
  /** Taken back from the commission account on refund. */
  reversed: usdtText(),
  /** The part of a reversal the commission account could not cover (moved out before the refund). */
  unrecovered: usdtText(),
  created_at: isoTime(),
});
export type Commission = z.infer<typeof commissionSchema>;
export const commissionPageSchema = pageSchema(commissionSchema);

export const commissionsQuerySchema = pageQuerySchema.extend({
  sort: z.enum(['-id', 'id']).default('-id'),
  status: z.enum(COMMISSION_STATUSES).optional(),
});

export const inviteTransferBodySchema = z.object({
  /** The page's id for this one move: a double submit moves the money once. */
  request_id: z.uuid().optional(),
});

/**
 * 邀请返利 (issue 16 §5): the signed-in user's invite link, the accounts they invited, and the
 * commission their paid orders earn (ACCESS.account). Money is a decimal USDT string in JSON (money.ts).
 */
export const INVITE_API = defineApi('invites', {
  info: endpoint({
    method: 'GET',
    path: '/api/v1/api2/invite/info',
    access: 'account',
    summary: "The caller's invite link and commission figures",
    response: inviteInfoSchema,
  }),
  invitees: endpoint({
    method: 'GET',
    path: '/api/v1/api2/invite/invitees',
    access: 'account',
    summary: 'The accounts the caller invited',
    query: inviteesQuerySchema,
    response: inviteePageSchema,
  }),
  commissions: endpoint({
    method: 'GET',
    path: '/api/v1/api2/invite/commissions',
    access: 'account',
    summary: "The commission the caller's invitees' paid orders earned",
    query: commissionsQuerySchema,
    response: commissionPageSchema,
  }),
  /** The whole commission balance → the balance (when the setting allows). */
  transfer: endpoint({
    method: 'POST',
    path: '/api/v1/api2/invite/transfer',
    access: 'account',
    summary: 'Move the whole commission balance to the balance',
    body: inviteTransferBodySchema,
    response: walletInfoSchema,
  }),
});

/** The calls' paths (tests name a call by its path). */
export const INVITE_PATHS = pathsOf(INVITE_API);
