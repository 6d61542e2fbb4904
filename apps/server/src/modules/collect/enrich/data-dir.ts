import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The vendored referrer lists live in `src/modules/collect/data/`. `tsc` does not copy them to `dist/`,
 * so a compiled module looks for its data beside the source instead of shipping a second copy.
 */
export function collectDataFile(name: string): string {
  const beside = fileURLToPath(new URL(`../data/${name}`, import.meta.url));
  if (existsSync(beside)) return beside;
  return beside.replace(/([\\/])dist([\\/])/, '$1src$2');
}
