/**
 * Debian's Chromium, never a downloaded one; the flags keep it off this machine's closed network.
 * Plain JavaScript so the browser suite and the server's Chromium tests share the one list.
 */

/**
 * Chromium keeps only the last `--disable-features`, so ours repeats Playwright's own list (1.65's
 * chromiumSwitches) before adding two. The omnibox popups are WebUI pages that Chromium 156 renders in
 * a renderer of their own for every new window, so for every browser context a test opens; on these
 * machines, where each new process and page fault is dear, that renderer was half the CPU of opening a
 * context and loading /login (3.6 s → 1.7 s measured; the popup is never shown headless).
 */
const DISABLED_FEATURES = [
  // Playwright's.
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  // Ours.
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
];

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
    `--disable-features=${DISABLED_FEATURES.join(',')}`,
  ],
};
