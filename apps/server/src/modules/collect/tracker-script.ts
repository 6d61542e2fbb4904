import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** Built by `npm run build -w packages/tracker`; the same path from `src/` and from `dist/`. */
export const TRACKER_FILE = fileURLToPath(
  new URL('../../../../../packages/tracker/dist/tj.js', import.meta.url),
);

export interface TrackerScript {
  body: Buffer;
  gzip: Buffer;
  etag: string;
}

/** Read once at start: the script only changes with a deploy. Undefined when it was not built. */
export function loadTrackerScript(file = TRACKER_FILE): TrackerScript | undefined {
  let body: Buffer;
  try {
    body = readFileSync(file);
  } catch {
    return undefined;
  }
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 16)}"`;
  return { body, gzip: gzipSync(body, { level: 9 }), etag };
}
