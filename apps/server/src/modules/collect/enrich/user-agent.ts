import { isbot } from 'isbot';
import UAParser from 'ua-parser-js';
import { memoByString } from '../../../lib/memo.js';

export const DEVICE_TYPES = ['desktop', 'mobile', 'tablet', 'tv', 'console', 'wearable', 'embedded'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

export interface UserAgentInfo {
  browser: string;
  browserVersion: string;
  os: string;
  osVersion: string;
  device: DeviceType;
}

const DEVICE_BY_PARSER: Record<string, DeviceType> = {
  mobile: 'mobile',
  tablet: 'tablet',
  smarttv: 'tv',
  console: 'console',
  wearable: 'wearable',
  embedded: 'embedded',
};

const { NAME, VERSION } = UAParser.BROWSER;
/** A safari `Version/26` or later: Safari's version is the iOS version again since 26. */
const SAFARI_26_PLUS = String.raw`version\/((?:2[6-9]|[3-9]\d)(?:\.\d+)*)`;

/**
 * What ua-parser-js 1.x (MIT; 2.x is AGPL) gets wrong or does not know, as its own extension regexes,
 * which it tries before its built-in ones. Each group is `[regexes], [properties]`; the properties take
 * the captures in order, `[NAME, 'x']` sets a fixed name.
 */
export const UA_EXTENSIONS = {
  browser: [
    // Huawei Browser and UC Browser on Windows look like plain Chrome apart from these tokens.
    [/\bhbpc\/([\w.]+)/i],
    [VERSION, [NAME, 'Huawei Browser']],
    [/\bucpc\/([\w.]+)/i],
    [VERSION, [NAME, 'UCBrowser']],
    // Douyin's webview: `aweme_30.1.0` on iOS, `aweme_230400 … app_version:23.4.0` on Android.
    [/\baweme_(\d+\.[\d.]+)/i, /\baweme_\d+\b.*?\bapp_version:([\d.]+)/i],
    [VERSION, [NAME, 'Douyin']],
    [/\b(?:musical_ly|trill)_[\w.]+.*?\bapp_?version[:/]([\d.]+)/i],
    [VERSION, [NAME, 'TikTok']],
    [/\bbytedancewebview\b/i],
    [[NAME, 'Bytedance WebView']],
  ],
  os: [
    // HarmonyOS phones send `Android 12; HarmonyOS;`: the Android number is not HarmonyOS's version.
    [/\bopenharmony ([\d.]+)/i],
    [VERSION, [NAME, 'HarmonyOS']],
    [/\bharmonyos(?:[ /]([\d.]+))?/i],
    [VERSION, [NAME, 'HarmonyOS']],
    // iOS 26 froze the OS number at 18_6; Safari's own version says which iOS it is.
    [
      new RegExp(
        String.raw`(?:iphone|ipad|ipod)\b[^)]*? os \d+[_\d]* like mac os x\).+${SAFARI_26_PLUS}`,
        'i',
      ),
    ],
    [VERSION, [NAME, 'iOS']],
  ],
};

/** ua-parser-js 1.x (MIT). It reports no device type for desktops, so "none" means desktop. */
function parse(ua: string): UserAgentInfo {
  const r = new UAParser(ua, UA_EXTENSIONS).getResult();
  return {
    browser: r.browser.name ?? '',
    browserVersion: r.browser.major ?? '',
    os: r.os.name ?? '',
    osVersion: r.os.version ?? '',
    device: (r.device.type && DEVICE_BY_PARSER[r.device.type]) || 'desktop',
  };
}

// Both run for every hit on strings that repeat a lot; the results are small and never change.
export const parseUserAgent = memoByString(parse);
const isBotMemo = memoByString(isbot);

/** Crawlers, headless tools and requests with no user agent at all (every real browser sends one). */
export function isBotUserAgent(ua: string | undefined): boolean {
  return !ua?.trim() || isBotMemo(ua);
}
