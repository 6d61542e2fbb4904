import { randomInt } from 'node:crypto';
import { type APIRequestContext, request } from '@playwright/test';
import { ACCOUNTS, type AccountName, BASE_URL, PASSWORD } from './accounts';

/**
 * The server throttles logins per client IP and trusts X-Forwarded-For from loopback; every
 * context speaks from its own documentation-range address so a long suite is never throttled.
 */
export function randomClientIp(): string {
  return `198.51.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

export async function apiContext(token?: string): Promise<APIRequestContext> {
  return request.newContext({
    baseURL: BASE_URL,
    extraHTTPHeaders: { 'x-forwarded-for': randomClientIp(), ...(token ? { 'x-token': token } : {}) },
  });
}

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

export async function call<T>(ctx: APIRequestContext, method: 'GET' | 'POST', path: string, body?: unknown) {
  const response = method === 'GET' ? await ctx.get(path) : await ctx.post(path, { data: body ?? {} });
  const json = (await response.json()) as Envelope<T>;
  if (!response.ok() || json.code !== 200) {
    throw new Error(`${method} ${path}: HTTP ${response.status()} ${JSON.stringify(json)}`);
  }
  return json.data;
}

/** A fresh session for `name`, straight from the login endpoint. */
export async function loginToken(name: AccountName): Promise<string> {
  const ctx = await apiContext();
  try {
    const session = await call<{ x_token: string }>(ctx, 'POST', '/api/v1/api2/auth/login', {
      username: ACCOUNTS[name].username,
      password: PASSWORD,
    });
    return session.x_token;
  } finally {
    await ctx.dispose();
  }
}
