import { randomBytes } from 'node:crypto';
import { FINANCE_PATHS, tronAddressFromBytes } from '@tally/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { signedIn } from '../../../test/factories.js';
import { recharge } from '../../../test/money.js';

const USDT = 1_000_000n;
const TO = tronAddressFromBytes(randomBytes(20));

// Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL (where the repeats met the UNIQUE key: 29 × 500).
describe('a withdrawal request_id sent many times at once answers one withdrawal every time', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    // min 10, fee 1, daily limit 10000 (defaults)
  });
  afterAll(() => t.close());

  it('30 concurrent requests with one request_id: every one 200 with the same withdrawal, held once', async () => {
    const u = await signedIn(t);
    await recharge(t, u.id, 100n * USDT);
    const body = { amount: '20', address: TO, request_id: `req-${randomBytes(8).toString('hex')}` };
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        t.call('POST', FINANCE_PATHS.user.withdrawalCreate, { token: u.token, body }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(
      statuses.filter((s) => s !== 200),
      JSON.stringify(answers.find((a) => a.status !== 200)?.body),
    ).toEqual([]);
    const ids = new Set(answers.map((a) => a.body.data.id));
    expect(ids.size).toBe(1);
    for (const a of answers) expect(a.body.data).toMatchObject({ amount: '20', fee: '1', status: 'pending' });
    const [rows] = await t.db.query<{ n: number }>(
      'select count(*)::int as n from withdrawals where user_id = $1',
      [u.id],
    );
    expect(rows?.n).toBe(1);
    expect((await t.services.ledger.balances(u.id)).balance).toBe(79n * USDT);
    // A later repeat answers the same too; another request_id is another withdrawal.
    const again = await t.call('POST', FINANCE_PATHS.user.withdrawalCreate, { token: u.token, body });
    expect(again.body.data.id).toBe([...ids][0]);
    const other = await t.call('POST', FINANCE_PATHS.user.withdrawalCreate, {
      token: u.token,
      body: { ...body, request_id: `${body.request_id}-2` },
    });
    expect(other.status).toBe(200);
    expect(other.body.data.id).not.toBe([...ids][0]);
    expect(await t.services.ledger.mismatches()).toEqual([]);
  });
});
