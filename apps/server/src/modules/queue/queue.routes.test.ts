import { QUEUE_PATHS } from '@tally/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { signedIn } from '../../../test/factories.js';
import type { Services } from '../../app.js';

const FLAKY = 'test.flaky';

/** The job the tests fail and retry: it throws while `failing` is set. */
const flaky = { failing: true, runs: 0 };

function defineFlaky(services: Services) {
  services.jobs.define<{ n: number }>({
    name: FLAKY,
    retryLimit: 0,
    handler: async (data) => {
      flaky.runs++;
      if (flaky.failing) throw new Error(`flaky job ${data.n} refused`);
    },
  });
}

async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('queue monitor', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  const get = (path: string, query = '', token = admin.token) => t.call('GET', `${path}?${query}`, { token });
  const post = (path: string, body: unknown, token = admin.token) => t.call('POST', path, { body, token });
  const jobState = (id: string) => get(QUEUE_PATHS.job, `queue=${FLAKY}&id=${id}`).then((r) => r.body.data);

  beforeAll(async () => {
    t = await createTestApp({}, { beforeReady: defineFlaky });
    admin = await signedIn(t, ['admin']);
  });
  afterAll(() => t.close());

  it('lists every queue with its policy and counts by state', async () => {
    const res = await get(QUEUE_PATHS.queues);
    expect(res.status).toBe(200);
    const names = res.body.data.list.map((q: { name: string }) => q.name);
    expect(names).toEqual(expect.arrayContaining([FLAKY, 'mail.send', 'maintenance.purge']));
    expect(names.some((n: string) => n.startsWith('__pgboss'))).toBe(false);
    const mail = res.body.data.list.find((q: { name: string }) => q.name === 'mail.send');
    expect(mail).toMatchObject({
      policy: 'standard',
      retry_limit: 5,
      retry_delay: 10,
      paused: false,
      completed_estimated: false,
    });
    expect(mail.counts).toEqual({ created: 0, retry: 0, active: 0, completed: 0, cancelled: 0, failed: 0 });
  });

  it('shows a failing job with its error and stack, retries it on demand, and it completes', async () => {
    flaky.failing = true;
    const id = (await t.services.jobs.send(FLAKY, { n: 1, order: 'A-1001' })) as string;
    const failed = await until(
      () => jobState(id),
      (j) => j.state === 'failed',
    );
    expect(failed).toMatchObject({ id, queue: FLAKY, state: 'failed', error: 'flaky job 1 refused' });
    expect(failed.stack).toContain('Error: flaky job 1 refused');
    expect(failed.stack).toContain('queue.routes.test');
    expect(failed.data).toEqual({ n: 1, order: 'A-1001' });

    const page = await get(QUEUE_PATHS.fetch, `queue=${FLAKY}&state=failed`);
    expect(page.body.data.list.map((j: { id: string }) => j.id)).toContain(id);
    const counts = (await get(QUEUE_PATHS.queues)).body.data.list.find(
      (q: { name: string }) => q.name === FLAKY,
    );
    expect(counts.counts.failed).toBeGreaterThanOrEqual(1);
    expect(
      await t.services.queueMonitor.failedSince(new Date(Date.now() - 86_400_000)),
    ).toBeGreaterThanOrEqual(1);
    const history = (await get(QUEUE_PATHS.history, `queue=${FLAKY}`)).body.data.hours;
    expect(history).toHaveLength(24);
    expect(history[23].failed).toBeGreaterThanOrEqual(1);

    flaky.failing = false;
    const retried = await post(QUEUE_PATHS.retry, { queue: FLAKY, ids: [id] });
    expect(retried.body.data).toEqual({ affected: 1 });
    const done = await until(
      () => jobState(id),
      (j) => j.state === 'completed',
    );
    expect(done.state).toBe('completed');
    expect(done.retry_count).toBe(1);
  });

  it('retries every failed job of a queue at once', async () => {
    flaky.failing = true;
    const ids = await Promise.all([2, 3, 4].map((n) => t.services.jobs.send(FLAKY, { n })));
    await until(
      () => get(QUEUE_PATHS.fetch, `queue=${FLAKY}&state=failed`),
      (r) => ids.every((id) => r.body.data.list.some((j: { id: string }) => j.id === id)),
    );
    flaky.failing = false;
    const res = await post(QUEUE_PATHS.retry, { queue: FLAKY, all: true });
    expect(res.body.data.affected).toBe(3);
    const after = await until(
      () => get(QUEUE_PATHS.fetch, `queue=${FLAKY}&state=failed`),
      (r) => r.body.data.total === 0,
    );
    expect(after.body.data.total).toBe(0);
  });

  it('finds a job by id or by a value in its data, cancels, puts it back and deletes it', async () => {
    await post(QUEUE_PATHS.pause, { queue: FLAKY, paused: true });
    const id = (await t.services.jobs.send(FLAKY, { n: 5, customer: 'zhang-wei@example.com' })) as string;
    const byData = await get(QUEUE_PATHS.fetch, `queue=${FLAKY}&keyword=zhang-wei`);
    expect(byData.body.data.list.map((j: { id: string }) => j.id)).toEqual([id]);
    const byId = await get(QUEUE_PATHS.fetch, `queue=${FLAKY}&keyword=${id}`);
    expect(byId.body.data).toMatchObject({ total: 1, list: [{ id, state: 'created' }] });

    expect((await post(QUEUE_PATHS.cancel, { queue: FLAKY, ids: [id] })).body.data).toEqual({ affected: 1 });
    expect((await jobState(id)).state).toBe('cancelled');
    // Retrying a cancelled job puts it back in line (pg-boss's resume); the queue is paused, so it waits.
    expect((await post(QUEUE_PATHS.retry, { queue: FLAKY, ids: [id] })).body.data).toEqual({ affected: 1 });
    expect((await jobState(id)).state).toBe('created');
    expect((await post(QUEUE_PATHS.del, { queue: FLAKY, ids: [id] })).body.data).toEqual({ affected: 1 });
    expect((await get(QUEUE_PATHS.job, `queue=${FLAKY}&id=${id}`)).status).toBe(404);
    await post(QUEUE_PATHS.pause, { queue: FLAKY, paused: false });
  });

  it('refuses bad input with 422 and changes nothing', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const bad = [
      () => get(QUEUE_PATHS.fetch, ''),
      () => get(QUEUE_PATHS.fetch, `queue=${FLAKY}&state=lost`),
      () => get(QUEUE_PATHS.fetch, `queue=${FLAKY}&limit=5000`),
      () => get(QUEUE_PATHS.fetch, `queue=${FLAKY}&sort=name`),
      () => get(QUEUE_PATHS.fetch, `queue=bad%20name'`),
      () => get(QUEUE_PATHS.job, `queue=${FLAKY}&id=42`),
      () => post(QUEUE_PATHS.retry, { queue: FLAKY }),
      () => post(QUEUE_PATHS.retry, { queue: FLAKY, ids: [id], all: true }),
      () => post(QUEUE_PATHS.retry, { queue: FLAKY, ids: ['x'] }),
      () => post(QUEUE_PATHS.cancel, { queue: FLAKY, ids: [] }),
      () => post(QUEUE_PATHS.del, { queue: FLAKY, ids: 'all' }),
      () => post(QUEUE_PATHS.pause, { queue: FLAKY, paused: 'yes' }),
      () => post(QUEUE_PATHS.pause, { queue: FLAKY }),
    ];
    for (const call of bad) {
      const res = await call();
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.errors).toBeTruthy();
    }
    const zh = await t.call('POST', QUEUE_PATHS.pause, {
      body: { queue: FLAKY },
      token: admin.token,
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.status).toBe(422);
    expect(JSON.stringify(zh.body.errors)).toMatch(/[\u4e00-\u9fff]/);
    const queues = (await get(QUEUE_PATHS.queues)).body.data.list;
    expect(queues.find((q: { name: string }) => q.name === FLAKY).paused).toBe(false);
    expect((await post(QUEUE_PATHS.pause, { queue: 'no.such.queue', paused: true })).status).toBe(404);
    expect(await t.services.jobs.pgBoss.getQueue('no.such.queue')).toBeNull();
  });

  it('is for admins only', async () => {
    for (const roles of [['user'], ['article_editor']] as const) {
      const other = await signedIn(t, [...roles]);
      expect((await get(QUEUE_PATHS.queues, '', other.token)).status).toBe(403);
      expect((await get(QUEUE_PATHS.fetch, `queue=${FLAKY}`, other.token)).status).toBe(403);
      const pause = await post(QUEUE_PATHS.pause, { queue: FLAKY, paused: true }, other.token);
      expect(pause.status).toBe(403);
    }
    const anonymous = await t.call('GET', QUEUE_PATHS.queues);
    expect(anonymous.body).toMatchObject({ code: 403, data: null });
    expect((await t.services.queueMonitor.queues()).list.find((q) => q.name === FLAKY)?.paused).toBe(false);
  });
});
