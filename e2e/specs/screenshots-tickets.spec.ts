import type { Page } from '@playwright/test';
import type { Ticket, TicketDetail } from '@tally/contracts';
import { apiContext, call, loginToken } from '../support/api';
import { test } from '../support/fixtures';
import { screenshotSuite } from '../support/screenshots';

/** Screens of support tickets (issue 16 §6) in both languages at 1280px and 375px. */
let answered = 0;

test.beforeAll(async () => {
  // bob has no tickets yet: one answered by support, one still waiting, one closed.
  const bob = await apiContext(await loginToken('bob'));
  const admin = await apiContext(await loginToken('admin'));
  const own = await call<{ list: Ticket[] }>(bob, 'GET', '/api/v1/api2/tickets/fetch');
  if (own.list.length === 0) {
    const open = (subject: string, priority: string, content: string) =>
      call<TicketDetail>(bob, 'POST', '/api/v1/api2/tickets/create', { subject, priority, content });
    const closed = await open('发票抬头怎么修改？', 'low', '上个月的订单需要开发票。');
    await call(bob, 'POST', '/api/v1/api2/tickets/close', { id: closed.ticket.id });
    await open(
      'Tracking code on a single-page app',
      'normal',
      'Route changes are not counted. Is there an option?',
    );
    const first = await open(
      '升级套餐后站点数量没有变化',
      'high',
      '我刚刚升级到专业版，但添加第四个站点时仍然提示超出套餐限制。\n订单号在我的订单里可以看到。',
    );
    await call(admin, 'POST', '/api/v1/admin/tickets/reply', {
      id: first.ticket.id,
      content: '您好，套餐升级后需要重新登录一次才能刷新限额，请重试。如果仍有问题请回复这个工单。',
    });
    await call(bob, 'POST', '/api/v1/api2/tickets/reply', {
      id: first.ticket.id,
      content: 'https://example.com/a/very/long/address/that/must/wrap/inside/the/bubble/on/a/phone/screen',
    });
    await call(admin, 'POST', '/api/v1/admin/tickets/reply', {
      id: first.ticket.id,
      content: '已为您处理。',
    });
  }
  answered = (await call<{ list: Ticket[] }>(bob, 'GET', '/api/v1/api2/tickets/fetch?status=answered'))
    .list[0]!.id;
  await bob.dispose();
  await admin.dispose();
});

/** The list has rows: its first subject link is on screen. */
const firstTicket = (page: Page) => page.getByTestId('ticket-open').first();

/** Opens the new-ticket form and waits for it. */
const newTicket = async (page: Page) => {
  await page.getByTestId('ticket-new').click();
  await page.getByTestId('ticket-subject').waitFor();
};

screenshotSuite([
  { name: 'user-tickets-empty', path: '/user/tickets', ready: 'tickets-user-table', as: 'alice' },
  { name: 'user-tickets', path: '/user/tickets', ready: firstTicket, as: 'bob' },
  { name: 'user-tickets-new', path: '/user/tickets', ready: firstTicket, as: 'bob', prepare: newTicket },
  {
    name: 'user-ticket-conversation',
    path: () => `/user/tickets?ticket=${answered}`,
    ready: 'ticket-messages',
    as: 'bob',
  },
  { name: 'tickets-admin', path: '/tickets/tickets', ready: firstTicket, as: 'admin' },
  {
    name: 'tickets-admin-conversation',
    path: () => `/tickets/tickets?ticket=${answered}`,
    ready: 'ticket-messages',
    as: 'admin',
  },
]);
