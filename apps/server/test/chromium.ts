import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Debian's Chromium with the flags that keep it off the closed network: one list for the whole project. */
export { CHROMIUM } from '../../../e2e/support/chromium.mjs';

/** A desktop Chrome's user agent (the analytics tests' own). */
export { CHROME_WIN as DESKTOP_CHROME } from './analytics-factories.js';

/** Starts a test page server on a free loopback port; resolves with the port. */
export function listen(server: Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
}

/** Reads until `done` holds (10 s at most), then returns the last read. */
export async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const v = await read();
    if (done(v)) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  return read();
}
