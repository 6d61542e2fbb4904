import { randomInt, randomUUID } from 'node:crypto';
import type { InviteInfo, Order, Plan } from '@tally/contracts';
import { apiContext, call, loginToken } from './api';
import { latestEmailCode } from './mail';

/** Someone signs up as the register page does (an emailed code), with `inviteCode` when given. */
export async function registerUser(prefix: string, inviteCode?: string) {
  const n = randomInt(100000, 999999);
  const username = `${prefix}${n}`;
  const email = `${username}@example.com`;
  const ctx = await apiContext();
  try {
    await call(ctx, 'POST', '/api/v1/api2/auth/sendEmailVerify', { email });
    const code = await latestEmailCode(email);
    const session = await call<{ x_token: string }>(ctx, 'POST', '/api/v1/api2/auth/register', {
      username,
      email,
      password: 'password123',
      email_code: code,
      invite_code: inviteCode,
    });
    return { username, token: session.x_token };
  } finally {
    await ctx.dispose();
  }
}

export async function inviteInfo(token: string): Promise<InviteInfo> {
  const ctx = await apiContext(token);
  try {
    return await call<InviteInfo>(ctx, 'GET', '/api/v1/api2/invite/info');
  } finally {
    await ctx.dispose();
  }
}

/** A plan sold at 10 USDT a month for the invite specs (created once). */
export async function tenUsdtPlan(): Promise<Plan> {
  const admin = await apiContext(await loginToken('admin'));
  try {
    const { list } = await call<{ list: Plan[] }>(admin, 'GET', '/api/v1/admin/plans/fetch');
    const found = list.find((p) => p.name_en === 'Invite test');
    if (found) return found;
    return await call<Plan>(admin, 'POST', '/api/v1/admin/plans/save', {
      name_zh: '邀请测试版',
      name_en: 'Invite test',
      prices: { month: '10' },
      limits: { sites: 5, monthly_pageviews: 100000, bots: 1, retention_days: 90 },
      sort: 90,
    });
  } finally {
    await admin.dispose();
  }
}

/** The admin gives `username` 10 USDT and they buy the 10 USDT plan with it. */
export async function fundAndBuy(username: string, token: string, plan: Plan): Promise<Order> {
  const admin = await apiContext(await loginToken('admin'));
  try {
    const users = await call<{ list: { id: number }[] }>(
      admin,
      'GET',
      `/api/v1/admin/user/fetch?keyword=${encodeURIComponent(username)}`,
    );
    await call(admin, 'POST', '/api/v1/admin/user/adjustBalance', {
      id: users.list[0]!.id,
      amount: '10',
      reason: 'e2e invites',
      request_id: randomUUID(),
    });
  } finally {
    await admin.dispose();
  }
  const buyer = await apiContext(token);
  try {
    const order = await call<Order>(buyer, 'POST', '/api/v1/api2/orders/create', {
      plan_id: plan.id,
      period: 'month',
    });
    return await call<Order>(buyer, 'POST', '/api/v1/api2/orders/pay', { id: order.id });
  } finally {
    await buyer.dispose();
  }
}
