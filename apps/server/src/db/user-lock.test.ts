import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/database.js';
import type { Database } from './client.js';
import { lockUser } from './user-lock.js';

// PGlite is one session: its transactions never overlap, so there is nothing to wait for there.
describe.skipIf(!process.env.TEST_DATABASE_URL)('lockUser on PostgreSQL', () => {
  let db: Database;
  let drop: () => Promise<void>;
  let userId: number;
  beforeAll(async () => {
    ({ db, drop } = await freshDatabase());
    const [row] = await db.query<{ id: number }>(
      `insert into users (username, email, password_hash, invite_code)
       values ('locked', 'locked@example.com', 'x', 'LOCKED01') returning id`,
    );
    userId = row!.id;
    // A row elsewhere that names the user, as orders, commissions and ledger entries do.
    await db.exec('create table lock_probe (user_id int not null references users(id))');
  });
  afterAll(async () => {
    await db.close();
    await drop();
  });

  it('a second lockUser of the same user waits until the first transaction ends', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const events: string[] = [];
    const first = db.transaction(async (tx) => {
      await lockUser(tx, userId);
      events.push('first locked');
      await held;
      events.push('first ends');
    });
    await sleep(50);
    const second = db.transaction(async (tx) => {
      await lockUser(tx, userId);
      events.push('second locked');
    });
    await sleep(200);
    release();
    await Promise.all([first, second]);
    expect(events).toEqual(['first locked', 'first ends', 'second locked']);
  });

  it('an insert naming the user does not wait for the lock (the coupon deadlock of billing.property.test)', async () => {
    let started!: () => void;
    const locked = new Promise<void>((r) => (started = r));
    let inserted!: () => void;
    const insertCommitted = new Promise<void>((r) => (inserted = r));
    const outcome = db.transaction(async (tx) => {
      await lockUser(tx, userId);
      started();
      return Promise.race([
        insertCommitted.then(() => 'insert committed while locked'),
        sleep(2000).then(() => 'insert waited'),
      ]);
    });
    await locked;
    await db.transaction((tx) => tx.query('insert into lock_probe values ($1)', [userId]));
    inserted();
    expect(await outcome).toBe('insert committed while locked');
  });
});
