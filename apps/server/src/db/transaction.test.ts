import { setTimeout as sleep } from 'node:timers/promises';
import type { AuditAction } from '@tally/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/database.js';
import { AuditRepository } from '../modules/audit/audit.repository.js';
import { AuditService } from '../modules/audit/audit.service.js';
import { SettingsRepository } from '../modules/settings/settings.repository.js';
import type { Database } from './client.js';
import { auditLog, settings } from './schema/index.js';

/** A service of two writes (a setting and its audit row) that may fail between the second and COMMIT. */
class TwoWrites {
  constructor(
    private readonly db: Database,
    private readonly failBeforeCommit: boolean,
  ) {}

  run(key: string): Promise<void> {
    return this.db.transaction(async (tx) => {
      await new SettingsRepository(this.db.orm).in(tx).upsert({ [key]: 'x' });
      // The key is the row's action too, a marker no area declares: the test finds its rows by it.
      const action = key as AuditAction;
      await new AuditService(new AuditRepository(this.db.orm)).record({ actorId: null, action }, tx);
      if (this.failBeforeCommit) throw new Error('failed before commit');
    });
  }
}

const backend = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

describe(`transactions on ${backend}`, () => {
  let db: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await freshDatabase());
  });
  afterAll(async () => {
    await db.close();
    await drop();
  });

  const written = async (key: string) => ({
    setting: (await db.orm.select().from(settings).where(eq(settings.key, key))).length,
    audit: (await db.orm.select().from(auditLog).where(eq(auditLog.action, key))).length,
  });

  it('a service that writes two rows and fails before commit leaves neither', async () => {
    await expect(new TwoWrites(db, true).run('tx_failed')).rejects.toThrow('failed before commit');
    expect(await written('tx_failed')).toEqual({ setting: 0, audit: 0 });
    await new TwoWrites(db, false).run('tx_committed');
    expect(await written('tx_committed')).toEqual({ setting: 1, audit: 1 });
  });

  it('concurrent transactions do not interleave: one rolling back takes none of the other with it', async () => {
    const events: string[] = [];
    const slowFailure = db.transaction(async (tx) => {
      events.push('A begin');
      await tx.query("insert into audit_log (action) values ('tx_a')");
      await sleep(80);
      events.push('A fail');
      throw new Error('A fails');
    });
    await sleep(10);
    const other = db.transaction(async (tx) => {
      events.push('B begin');
      await tx.query("insert into audit_log (action) values ('tx_b')");
      events.push('B commit');
    });
    await expect(slowFailure).rejects.toThrow('A fails');
    await other;
    expect((await written('tx_a')).audit).toBe(0);
    expect((await written('tx_b')).audit).toBe(1);
    // PGlite is one session: B waits for the pool's one connection until A has rolled back.
    if (db.kind === 'pglite') expect(events).toEqual(['A begin', 'A fail', 'B begin', 'B commit']);
  });

  it('a statement on the pool inside a transaction fails at once instead of waiting for it forever', async () => {
    const attempt = db.transaction(async () => {
      await db.query('select 1');
    });
    await expect(attempt).rejects.toThrow(/inside a transaction/);
    expect(await db.query<{ one: number }>('select 1 as one')).toEqual([{ one: 1 }]);
  });

  it('runs afterCommit callbacks after COMMIT only', async () => {
    const calls: string[] = [];
    await db.transaction(async (tx) => tx.afterCommit(() => calls.push('committed')));
    await db
      .transaction(async (tx) => {
        tx.afterCommit(() => calls.push('rolled back'));
        throw new Error('no');
      })
      .catch(() => undefined);
    expect(calls).toEqual(['committed']);
  });

  it('runs a transaction again when PostgreSQL refuses it as a deadlock victim, and no more than four times', async () => {
    const victim = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    let runs = 0;
    const calls: number[] = [];
    const result = await db.transaction(async (tx) => {
      const run = ++runs;
      tx.afterCommit(() => calls.push(run));
      await tx.query("insert into audit_log (action) values ('tx_retry')");
      if (run < 3) throw victim;
      return run;
    });
    // The two refused runs rolled back: one row, and only the committed run's afterCommit.
    expect({ result, runs, calls, rows: (await written('tx_retry')).audit }).toEqual({
      result: 3,
      runs: 3,
      calls: [3],
      rows: 1,
    });

    let always = 0;
    await expect(
      db.transaction(async () => {
        always++;
        throw victim;
      }),
    ).rejects.toBe(victim);
    let other = 0;
    await expect(
      db.transaction(async () => {
        other++;
        throw new Error('not a conflict');
      }),
    ).rejects.toThrow('not a conflict');
    expect({ always, other }).toEqual({ always: 4, other: 1 });
  });

  // PGlite is one session: its transactions never interleave, so they cannot deadlock.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'two transactions locking two rows in opposite orders both commit: PostgreSQL picks a victim, which runs again',
    async () => {
      await db.exec(
        'create table tx_deadlock (id int primary key, n int not null); insert into tx_deadlock values (1, 0), (2, 0)',
      );
      let firstLocks = 0;
      let release!: () => void;
      const bothLocked = new Promise<void>((r) => (release = r));
      let runs = 0;
      const crossing = (first: number, second: number) =>
        db.transaction(async (tx) => {
          const run = ++runs;
          await tx.query('update tx_deadlock set n = n + 1 where id = $1', [first]);
          // Only the first runs wait for each other; a rerun goes straight through.
          if (run <= 2) {
            if (++firstLocks === 2) release();
            await bothLocked;
          }
          await tx.query('update tx_deadlock set n = n + 1 where id = $1', [second]);
        });
      await Promise.all([crossing(1, 2), crossing(2, 1)]);
      const rows = await db.query<{ id: number; n: number }>('select id, n from tx_deadlock order by id');
      expect({ runs, rows }).toEqual({
        runs: 3,
        rows: [
          { id: 1, n: 2 },
          { id: 2, n: 2 },
        ],
      });
    },
  );
});
