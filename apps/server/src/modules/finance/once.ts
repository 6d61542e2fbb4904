import { ERROR } from '@tally/contracts';
import { AppError } from '../../lib/errors.js';
import { DuplicateReferenceError } from '../ledger/ledger.service.js';

/**
 * Runs a transaction that posts to the ledger. The ledger's UNIQUE reference is the last guard: when
 * it refuses (another process credited the same reference first), the whole transaction rolled back
 * and the caller hears a 409 with `message` instead of a second credit.
 */
export async function runOnce<T>(message: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof DuplicateReferenceError) throw new AppError(ERROR.CONFLICT, 409, message);
    throw err;
  }
}
