import { describe, expect, it } from 'vitest';
import { GroupCommit, QueueFullError } from './group-commit.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('GroupCommit', () => {
  it('settles a submit only after its batch is written', async () => {
    const written: number[][] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const gc = new GroupCommit<number>(
      async (items) => {
        await gate;
        written.push(items);
        return items.map(() => undefined);
      },
      { maxBatch: 10, maxWaitMs: 5 },
    );
    let settled = false;
    const p = gc.submit(1).then(() => {
      settled = true;
    });
    await sleep(20);
    expect(settled).toBe(false);
    release();
    await p;
    expect(written).toEqual([[1]]);
  });

  it('an Error in place of a result fails that caller alone', async () => {
    const refused = new Error('refused');
    const gc = new GroupCommit<number, number>(
      async (items) => items.map((n) => (n === 2 ? refused : n * 10)),
      { maxBatch: 10, maxWaitMs: 1 },
    );
    const settled = await Promise.allSettled([1, 2, 3].map((n) => gc.submit(n)));
    expect(settled).toEqual([
      { status: 'fulfilled', value: 10 },
      { status: 'rejected', reason: refused },
      { status: 'fulfilled', value: 30 },
    ]);
  });

  it('writes a full batch at once and keeps later items for the next batch', async () => {
    const written: number[][] = [];
    const gc = new GroupCommit<number>(
      async (items) => {
        written.push(items);
        await sleep(10);
        return items.map(() => undefined);
      },
      { maxBatch: 3, maxWaitMs: 1000 },
    );
    const started = Date.now();
    await Promise.all([1, 2, 3, 4, 5].map((n) => gc.submit(n)));
    expect(Date.now() - started).toBeLessThan(500);
    expect(written[0]).toEqual([1, 2, 3]);
    expect(written.flat()).toEqual([1, 2, 3, 4, 5]);
  });

  it('waits at most maxWaitMs for a partial batch', async () => {
    const gc = new GroupCommit<number>(async (items) => items.map(() => undefined), {
      maxBatch: 100,
      maxWaitMs: 15,
    });
    const started = Date.now();
    await gc.submit(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(10);
  });

  it('rejects every item of a failed batch and goes on with the next', async () => {
    let fail = true;
    const gc = new GroupCommit<number>(
      async (items) => {
        if (fail) throw new Error('db down');
        return items.map(() => undefined);
      },
      { maxBatch: 2, maxWaitMs: 1 },
    );
    const results = await Promise.allSettled([gc.submit(1), gc.submit(2)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    await expect(gc.submit(3)).resolves.toBeUndefined();
  });

  it('hands each caller the result for its own item', async () => {
    const gc = new GroupCommit<number, string>(async (items) => items.map((n) => `r${n}`), {
      maxBatch: 10,
      maxWaitMs: 1,
    });
    expect(await Promise.all([gc.submit(1), gc.submit(2)])).toEqual(['r1', 'r2']);
  });

  it('close drains what was submitted and refuses new items', async () => {
    const written: number[] = [];
    const gc = new GroupCommit<number>(
      async (items) => {
        await sleep(5);
        written.push(...items);
        return items.map(() => undefined);
      },
      { maxBatch: 2, maxWaitMs: 50 },
    );
    const all = Promise.all([1, 2, 3].map((n) => gc.submit(n)));
    await gc.close();
    await all;
    expect(written).toEqual([1, 2, 3]);
    await expect(gc.submit(4)).rejects.toThrow(/closed/);
  });
  it('refuses items beyond maxPending while a batch is being written, then takes them again', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const gc = new GroupCommit<number>(
      async (items) => {
        await gate;
        return items.map(() => undefined);
      },
      { maxBatch: 2, maxWaitMs: 1, maxPending: 3 },
    );
    const accepted = [1, 2].map((n) => gc.submit(n));
    await sleep(10); // 1 and 2 are being written; 3, 4, 5 wait; 6 is one too many
    accepted.push(...[3, 4, 5].map((n) => gc.submit(n)));
    await expect(gc.submit(6)).rejects.toBeInstanceOf(QueueFullError);
    release();
    await Promise.all(accepted);
    await expect(gc.submit(7)).resolves.toBeUndefined();
  });

  it('writes a batch again after a retryable failure, its callers waiting, until retryForMs has passed', async () => {
    const away = new Error('the database is away');
    let failures = 2;
    const gc = new GroupCommit<number>(
      async (items) => {
        if (failures-- > 0) throw away;
        return items.map(() => undefined);
      },
      { maxBatch: 10, maxWaitMs: 1, retryable: (err) => err === away, retryForMs: 5000 },
    );
    await expect(Promise.all([gc.submit(1), gc.submit(2)])).resolves.toEqual([undefined, undefined]);

    failures = Number.POSITIVE_INFINITY;
    const short = new GroupCommit<number>(
      async () => {
        throw away;
      },
      { maxBatch: 10, maxWaitMs: 1, retryable: (err) => err === away, retryForMs: 100 },
    );
    await expect(short.submit(1)).rejects.toBe(away);
  });

  it('stops retrying when told (the server is stopping): waiting callers fail at once', async () => {
    const away = new Error('the database is away');
    const gc = new GroupCommit<number>(
      async () => {
        throw away;
      },
      { maxBatch: 10, maxWaitMs: 1, retryable: () => true, retryForMs: 60_000 },
    );
    const waiting = gc.submit(1);
    await sleep(100);
    const stoppedAt = Date.now();
    gc.stopRetrying();
    await expect(waiting).rejects.toBe(away);
    expect(Date.now() - stoppedAt).toBeLessThan(1500);
  });
});
