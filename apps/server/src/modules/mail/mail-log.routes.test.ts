import { MAIL_API } from '@tally/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { signedIn } from '../../../test/factories.js';
import { mailOutbox } from '../../db/schema/index.js';

describe('邮件记录: the mail log (admin)', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  let user: Awaited<ReturnType<typeof signedIn>>;
  const fetch = (query: string, token = admin.token) =>
    t.call('GET', `${MAIL_API.fetch.path}?${query}`, { token });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedIn(t, ['admin']);
    user = await signedIn(t, ['user']);
    await t.db.orm.insert(mailOutbox).values([
      {
        to: 'ann@example.com',
        subject: 'Your code',
        text: 'code 123456',
        html: '<b>123456</b>',
        status: 'sent',
        attempts: 1,
        createdAt: new Date('2026-03-01T10:00:00Z'),
        sentAt: new Date('2026-03-01T10:00:02Z'),
      },
      {
        to: 'bob@example.com',
        subject: 'Ticket #4 has a reply',
        text: 'the whole reply text',
        status: 'failed',
        attempts: 5,
        error: '550 mailbox unavailable',
        createdAt: new Date('2026-03-02T10:00:00Z'),
      },
      { to: 'cy@example.com', subject: 'Your code', text: 'code 654321', status: 'stored', attempts: 1 },
    ]);
  });
  afterAll(() => t.close());

  it('pages newest first, never with a body', async () => {
    const res = await fetch('limit=2');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ page: 1, limit: 2 });
    const mine = (res.body.data.list as { to: string }[]).filter((r) => r.to.endsWith('@example.com'));
    expect(mine.map((r) => r.to)).toEqual(['cy@example.com', 'bob@example.com']);
    expect(mine[1]).toEqual({
      id: expect.any(Number),
      to: 'bob@example.com',
      subject: 'Ticket #4 has a reply',
      status: 'failed',
      attempts: 5,
      error: '550 mailbox unavailable',
      created_at: '2026-03-02T10:00:00.000Z',
      sent_at: null,
    });
    expect(JSON.stringify(res.body.data)).not.toMatch(/123456|654321|whole reply/);
  });

  it('filters by status and by part of the recipient or subject', async () => {
    const failed = await fetch('status=failed');
    expect(failed.body.data.list.map((r: { to: string }) => r.to)).toEqual(['bob@example.com']);
    const codes = await fetch('keyword=your%20code&sort=created_at');
    expect(codes.body.data.list.map((r: { to: string }) => r.to)).toEqual([
      'ann@example.com',
      'cy@example.com',
    ]);
    expect((await fetch('keyword=ann')).body.data.total).toBe(1);
  });

  it('refuses a bad status with a field error, and anyone but an admin', async () => {
    const bad = await fetch('status=lost');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {})).toEqual(['status']);
    expect((await fetch('', user.token)).status).toBe(403);
  });
});
