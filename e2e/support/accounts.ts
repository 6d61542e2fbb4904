/** Accounts the harness creates with the server's CLI before it starts (see start-server.mjs). */
export const PASSWORD = 'password123';

export const ACCOUNTS = {
  admin: { username: 'admin', email: 'admin@example.com', roles: 'admin' },
  alice: { username: 'alice', email: 'alice@example.com', roles: 'user' },
  bob: { username: 'bob', email: 'bob@example.com', roles: 'user' },
  carol: { username: 'carol', email: 'carol@example.com', roles: 'user' },
  editor: { username: 'editor', email: 'editor@example.com', roles: 'article_editor' },
} as const;

export type AccountName = keyof typeof ACCOUNTS;

export const E2E_PORT = Number(process.env.E2E_PORT ?? 18089);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
