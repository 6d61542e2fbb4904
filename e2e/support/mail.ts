import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { E2E_PORT } from './accounts';

const MAIL_DIR = join(import.meta.dirname, `../../.tmp/e2e-${E2E_PORT}/mail`);

/** Waits for a mail to `address` (the server sends through a job queue) and returns its latest 6-digit code. */
export async function latestEmailCode(address: string, previous?: string): Promise<string> {
  let code = '';
  await expect
    .poll(
      () => {
        const file = join(MAIL_DIR, `${address}.eml`);
        if (!existsSync(file)) return '';
        const codes = readFileSync(file, 'utf8').match(/\b\d{6}\b/g) ?? [];
        code = codes.at(-1) ?? '';
        return code === previous ? '' : code;
      },
      { timeout: 20_000, message: `an email code for ${address}` },
    )
    .not.toBe('');
  return code;
}
