import type { Executor } from './client.js';

/**
 * Holds a user's `users` row until the transaction ends, so that user's money and quota changes run
 * one after another: what one reads (a balance, a daily sum, a count against a plan) is still true
 * when it writes. The ledger's postings lock the same row, so they queue behind it too. Whether the
 * user exists.
 *
 * NO KEY UPDATE, the lock an UPDATE of the balance takes, not FOR UPDATE: it still queues every other
 * lockUser and posting of that user, but not an insert elsewhere whose foreign key names the user
 * (FOR KEY SHARE). With FOR UPDATE, an invitee's payment that held a shared coupon and inserted its
 * commission (naming the inviter) waited for the inviter's own payment, which waited for the coupon:
 * a deadlock `billing.property.test.ts` met about once in ten runs on PostgreSQL. Should transactions
 * still cross, PostgreSQL refuses one as the deadlock's victim and `db.transaction` runs it again.
 */
export async function lockUser(tx: Executor, userId: number): Promise<boolean> {
  const rows = await tx.query('select id from users where id = $1 for no key update', [userId], 'lock_user');
  return rows.length === 1;
}
