/** Accounts the harness creates with the server's CLI before it starts (see start-server.mjs). */
export const PASSWORD = 'password123';

export const ACCOUNTS = {
  admin: { username: 'admin', email: 'admin@example.com', roles: 'admin' },
  alice: { username: 'alice', email: 'alice@example.com', roles: 'user' },
  bob: { username: 'bob', email: 'bob@example.com', roles: 'user' },
  carol: { username: 'carol', email: 'carol@example.com', roles: 'user' },
  editor: { username: 'editor', email: 'editor@example.com', roles: 'article_editor' },
  /** Owns the demo-traffic sites the report specs read (start-server.mjs runs `demo` for it). */
  demo: { username: 'demo', email: 'demo@example.com', roles: 'user' },
  /** Starts without sites and adds one on /sites/notice. */
  dave: { username: 'dave', email: 'dave@example.com', roles: 'user' },
  /** Has a statement (seed.mjs): a recharge, a payment, two commissions, an adjustment. */
  wendy: { username: 'wendy', email: 'wendy@example.com', roles: 'user' },
  /** Recharges and withdraws in finance.spec.ts from a zero balance (carol's is the billing spec's). */
  fiona: { username: 'fiona', email: 'fiona@example.com', roles: 'user' },
  /** Talks to support in tickets.spec.ts (bob's tickets are the screenshots'). */
  tina: { username: 'tina', email: 'tina@example.com', roles: 'user' },
  /** Adds a bot in telegram.spec.ts: alice's one bot (the free plan's limit) is the screenshots'. */
  toby: { username: 'toby', email: 'toby@example.com', roles: 'user' },
} as const;

/** What the demo CLI makes for `demo`: its site names and how many days of traffic. */
export const DEMO_SITES = ['演示站点 1', '演示站点 2'] as const;
export const DEMO_DAYS = 35;

export type AccountName = keyof typeof ACCOUNTS;

export const E2E_PORT = Number(process.env.E2E_PORT ?? 18089);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
