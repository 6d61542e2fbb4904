import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** What global setup made on the server, for the specs to use. */
export interface SuiteState {
  sites: { id: number; name: string }[];
  shareToken: string;
}

export const STATE_FILE = join(import.meta.dirname, '../../.tmp/e2e-state.json');

export function suiteState(): SuiteState {
  return JSON.parse(readFileSync(STATE_FILE, 'utf8')) as SuiteState;
}
