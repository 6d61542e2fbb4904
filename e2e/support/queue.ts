import { randomInt } from 'node:crypto';
import { apiContext, call } from './api';

/**
 * Queues a mail that the suite's SMTP peer refuses once (start-server.mjs): its `mail.send` job fails
 * its first attempt with the server's error, and succeeds when tried again. Returns the address.
 */
export async function mailRefusedOnce(): Promise<string> {
  const email = `refuse-once-${randomInt(1e9)}@example.com`;
  const ctx = await apiContext();
  try {
    await call(ctx, 'POST', '/api/v1/api2/auth/sendEmailVerify', { email, purpose: 'register' });
  } finally {
    await ctx.dispose();
  }
  return email;
}
