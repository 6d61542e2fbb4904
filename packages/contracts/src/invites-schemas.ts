import { z } from 'zod';
import { pageQuerySchema, pageSchema } from './envelope.js';
import { COMMISSION_STATUSES } from './invites-constants.js';
import { usdtText } from './money-schemas.js';
import { storableString } from './text.js';

/** The schemas of invites (invites.ts declares the calls, invites-constants.ts the plain values). */

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
