/**
 * Plain values of invites without zod (invites-schemas.ts builds the schemas from them), so that web
 * pages can import them without loading the schemas. invites.ts re-exports them.
 */

export const INVITE_ERRORS = {
  nothingToMove: 'There is no commission to move.',
} as const;

/**
 * pending: waits for its delay; credited: in the commission account; cancelled: the order was
 * refunded before it was credited; reversed: refunded after, taken back (see `unrecovered`).
 */
export const COMMISSION_STATUSES = ['pending', 'credited', 'cancelled', 'reversed'] as const;

export type CommissionStatus = (typeof COMMISSION_STATUSES)[number];
