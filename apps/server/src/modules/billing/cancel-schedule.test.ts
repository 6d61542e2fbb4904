import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { CANCEL_STALE_JOB } from './billing.module.js';

const SYSTEM = { userId: null, ip: '127.0.0.1' };

/**
 * `billing.cancel-stale` runs from its own cron, with nobody sending it: the orders are written before
 * the queue starts, then the real app starts its workers and pg-boss's cron (looked at every second
 * here instead of every 30 s; the cron itself is the module's `* * * * *`) puts the job on its queue.
 */
describe('the cancel job runs from its schedule', () => {
  let t: TestApp | undefined;
  afterAll(() => t?.close());

  it('a pending order 31 minutes old is cancelled by the cron tick; a fresh one stays pending', async () => {
    const ids = { stale: 0, fresh: 0 };
    t = await createTestApp(
      {},
      {
        jobCronSeconds: 1,
        beforeReady: async (services, db) => {
          const plan = await services.plans.save(
            {
              name_zh: '专业版',
              name_en: 'Pro',
              description_zh: '',
              description_en: '',
              prices: { month: 10_000_000n, quarter: null, half_year: null, year: null, onetime: null },
              limits: { sites: 5, monthly_pageviews: 1000, bots: 1, retention_days: 30 },
              on_sale: true,
              sort: 1,
            },
            SYSTEM,
          );
          const order = async (name: string) => {
            const user = await services.users.create({
              username: name,
              email: `${name}@example.test`,
              password: 'correct horse battery',
              roles: ['user'],
            });
            return (await services.orders.create(user.id, { plan_id: plan.id, period: 'month' })).id;
          };
          ids.stale = await order('stale_buyer');
          ids.fresh = await order('fresh_buyer');
          await db.query("update orders set created_at = now() - interval '31 minutes' where id = $1", [
            ids.stale,
          ]);
        },
      },
    );
    const app = t;
    const status = async (id: number) => (await app.services.orders.detail(id)).status;
    for (let i = 0; i < 300 && (await status(ids.stale)) === 'pending'; i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(await status(ids.stale)).toBe('cancelled');
    expect(await status(ids.fresh)).toBe('pending');
    // The run came from the schedule: pg-boss records the cron it fired from.
    const schedules = await app.services.jobs.pgBoss.getSchedules();
    expect(schedules.find((s) => s.name === CANCEL_STALE_JOB)).toMatchObject({ cron: '* * * * *' });
  }, 60_000);
});
