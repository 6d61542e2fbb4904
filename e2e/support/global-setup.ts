import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { apiContext, call, loginToken } from './api';
import { STATE_FILE, type SuiteState } from './state';

interface SiteRow {
  id: number;
  name: string;
}
interface ShareRow {
  token: string | null;
  url: string | null;
}

/** The public preview generates its demo site on first use; the specs should not wait for that. */
async function warmPreview(): Promise<void> {
  const ctx = await apiContext();
  try {
    await call(ctx, 'GET', '/api/v1/api2/preview/site');
  } finally {
    await ctx.dispose();
  }
}

/** Gives alice two sites and a share link for the first; bob stays without sites. */
export default async function globalSetup(): Promise<void> {
  await warmPreview();
  const token = await loginToken('alice');
  const ctx = await apiContext(token);
  try {
    const sites: SiteRow[] = [];
    for (const [name, domain] of [
      ['Alpha Blog', 'alpha.example.com'],
      ['Beta Shop', 'beta.example.com'],
    ] as const) {
      sites.push(await call<SiteRow>(ctx, 'POST', '/api/v1/api2/sites/save', { name, domains: [domain] }));
    }
    const first = sites[0]!;
    const share = await call<ShareRow>(ctx, 'POST', '/api/v1/api2/sites/share', {
      id: first.id,
      action: 'enable',
    });
    if (!share.token) throw new Error(`share link was not enabled: ${JSON.stringify(share)}`);
    const state: SuiteState = { sites, shareToken: share.token };
    mkdirSync(dirname(STATE_FILE), { recursive: true });
    writeFileSync(STATE_FILE, JSON.stringify(state, null, 2));
  } finally {
    await ctx.dispose();
  }
}
