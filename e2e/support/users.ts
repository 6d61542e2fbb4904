import { randomInt } from 'node:crypto';
import { apiContext, call, loginToken } from './api';

/** 用户管理's calls (contracts' ADMIN_USER_PATHS). */
export const USER_ADMIN = {
  save: '/api/v1/admin/user/save',
  switch: '/api/v1/admin/user/switch',
  adjustBalance: '/api/v1/admin/user/adjustBalance',
  fetch: '/api/v1/admin/user/fetch',
} as const;

export interface MadeUser {
  id: number;
  username: string;
  email: string;
  password: string;
}

/** A fresh account made by the admin through 用户管理's own call, with a password we know. */
export async function makeUser(prefix = 'pw'): Promise<MadeUser> {
  const n = randomInt(100_000, 999_999);
  const username = `${prefix}_${n}`;
  const email = `${prefix}.${n}@mailbox.example`;
  const password = `pass-${n}-word`;
  const ctx = await apiContext(await loginToken('admin'));
  try {
    const saved = await call<{ user: { id: number } }>(ctx, 'POST', USER_ADMIN.save, {
      username,
      email,
      roles: ['user'],
      password,
    });
    return { id: saved.user.id, username, email, password };
  } finally {
    await ctx.dispose();
  }
}

/** The admin's call of any 用户管理 change (a balance adjustment, a ban) for set-up. */
export async function adminCall<T>(path: string, body: unknown): Promise<T> {
  const ctx = await apiContext(await loginToken('admin'));
  try {
    return await call<T>(ctx, 'POST', path, body);
  } finally {
    await ctx.dispose();
  }
}

/** A session of `user`, straight from the login endpoint. */
export async function userToken(user: MadeUser): Promise<string> {
  const ctx = await apiContext();
  try {
    const session = await call<{ x_token: string }>(ctx, 'POST', '/api/v1/api2/auth/login', {
      username: user.username,
      password: user.password,
    });
    return session.x_token;
  } finally {
    await ctx.dispose();
  }
}
