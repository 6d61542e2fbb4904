import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { E2E_PORT } from './accounts';

/** What global setup made on the server, for the specs to use. */
export interface SuiteState {
  sites: { id: number; name: string }[];
  shareToken: string;
}

/** Keyed by port like the server's data: two suites running side by side keep their own state. */
export const STATE_FILE = join(import.meta.dirname, `../../.tmp/e2e-${E2E_PORT}/state.json`);

export function suiteState(): SuiteState {
  return JSON.parse(readFileSync(STATE_FILE, 'utf8')) as SuiteState;
}
