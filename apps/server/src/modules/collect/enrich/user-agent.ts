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

/** ua-parser-js 1.x (MIT). It reports no device type for desktops, so "none" means desktop. */
function parse(ua: string): UserAgentInfo {
  const r = new UAParser(ua).getResult();
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
