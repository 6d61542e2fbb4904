/**
 * Debian's Chromium, never a downloaded one; the flags keep it off this machine's closed network.
 * Plain JavaScript so the browser suite and the server's Chromium tests share the one list.
 */
export const CHROMIUM = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
