import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isUnexecuted } from './pg-errors.js';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });
/** drizzle's wrapper: the statement in its message, the driver's error as `cause`. */
const wrapped = (cause: Error) => Object.assign(new Error('Failed query: select 1'), { cause });

describe('database availability errors', () => {
  it.each([
    ['57P01 (pg_ctl -m fast, under drizzle)', wrapped(pgError('57P01')), true, true],
    ['57P03 (starting up)', pgError('57P03', 'the database system is starting up'), true, true],
    ['ECONNREFUSED (dual-stack, AggregateError)', new AggregateError([pgError('ECONNREFUSED')]), true, true],
    ['connect timeout (pg-pool)', new Error('timeout exceeded when trying to connect'), true, true],
    // The statement was sent and the answer lost: it may have committed, so it is not run again.
    ['a connection that broke mid-statement', new Error('Connection terminated unexpectedly'), true, false],
    ['ECONNRESET', pgError('ECONNRESET'), true, false],
    ['a unique violation', wrapped(pgError('23505')), false, false],
    ['a plain error', new Error('boom'), false, false],
  ])('%s: unavailable %s, not executed %s', (_name, err, unavailable, unexecuted) => {
    expect(isDatabaseUnavailable(err)).toBe(unavailable);
    expect(isUnexecuted(err)).toBe(unexecuted);
  });
});
