import { describe, expect, it } from 'vitest';
import { isBotUserAgent, parseUserAgent } from './user-agent.js';

const UA = {
  chromeWin:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  androidWechat:
    'Mozilla/5.0 (Linux; Android 13; V2203A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/107.0.5304.141 Mobile Safari/537.36 MicroMessenger/8.0.40.2420(0x28002837) WeChat/arm64 NetType/WIFI Language/zh_CN',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  edgeMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87',
  smartTv:
    'Mozilla/5.0 (SMART-TV; Linux; Tizen 6.0) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/4.0 Chrome/76.0.3809.146 TV Safari/537.36',
  headless:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36',
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  baiduspider: 'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)',
  curl: 'curl/8.5.0',
};

describe('parseUserAgent', () => {
  it('desktop Chrome on Windows', () => {
    expect(parseUserAgent(UA.chromeWin)).toEqual({
      browser: 'Chrome',
      browserVersion: '126',
      os: 'Windows',
      osVersion: '10',
      device: 'desktop',
    });
  });
  it('iPhone Safari is mobile, iPad is tablet', () => {
    expect(parseUserAgent(UA.iphone)).toMatchObject({
      browser: 'Mobile Safari',
      os: 'iOS',
      device: 'mobile',
    });
    expect(parseUserAgent(UA.ipad)).toMatchObject({ os: 'iOS', device: 'tablet' });
  });
  it('WeChat in-app browser on Android', () => {
    expect(parseUserAgent(UA.androidWechat)).toMatchObject({
      browser: 'WeChat',
      os: 'Android',
      osVersion: '13',
      device: 'mobile',
    });
  });
  it('Firefox on Linux, Edge on macOS', () => {
    expect(parseUserAgent(UA.firefoxLinux)).toMatchObject({
      browser: 'Firefox',
      browserVersion: '128',
      os: 'Linux',
      device: 'desktop',
    });
    expect(parseUserAgent(UA.edgeMac)).toMatchObject({ browser: 'Edge', os: 'Mac OS', device: 'desktop' });
  });
  it('a smart TV', () => {
    expect(parseUserAgent(UA.smartTv).device).toBe('tv');
  });
  it('garbage gives empty names and desktop', () => {
    expect(parseUserAgent('%%%')).toEqual({
      browser: '',
      browserVersion: '',
      os: '',
      osVersion: '',
      device: 'desktop',
    });
  });
});

/** Real user agents of browsers and webviews much used in China that ua-parser-js 1.x misreads. */
const CN = {
  harmony4:
    'Mozilla/5.0 (Linux; Android 12; HarmonyOS; NOH-AN00; HMSCore 6.13.0.302) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.5735.196 HuaweiBrowser/15.0.4.312 Mobile Safari/537.36',
  harmonyNext:
    'Mozilla/5.0 (Phone; OpenHarmony 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.0.0 Safari/537.36 ArkWeb/4.1.6.1 Mobile HuaweiBrowser/5.0.4.300',
  ios26:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.0 Mobile/15E148 Safari/604.1',
  ipad26:
    'Mozilla/5.0 (iPad; CPU OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.1 Mobile/15E148 Safari/604.1',
  ios186:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.6 Mobile/15E148 Safari/604.1',
  huaweiPc:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/108.0.5359.95 Safari/537.36 HBPC/12.1.3.303',
  ucPc: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/112.0.5615.138 Safari/537.36 UCPC/7.0.1.1133',
  douyinAndroid:
    'Mozilla/5.0 (Linux; Android 12; PEHM00 Build/SKQ1.210216.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/91.0.4472.114 Mobile Safari/537.36 aweme_230400 JsSdk/1.0 NetType/WIFI Channel/oppo_1128_64 app_version:23.4.0 ByteLocale/zh-CN Region/CN AppSkin/white AppTheme/light BytedanceWebview/d8a21c6 WebView/075113004008',
  douyinIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 aweme_30.1.0 JsSdk/2.0 NetType/WIFI Channel/App Store ByteLocale/zh Region/CN AppTheme/light RevealType/Dialog BytedanceWebview/d8a21c6',
  tiktok:
    'Mozilla/5.0 (Linux; Android 13; SM-A536B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.193 Mobile Safari/537.36 musical_ly_2023203030 JsSdk/1.0 NetType/WIFI Channel/googleplay AppName/musical_ly app_version:32.3.3 ByteLocale/en-GB ByteFullLocale/en-GB Region/GB Spark/1.4.3.4-bugfix AppVersion/32.3.3 BytedanceWebview/d8a21c6',
};

describe('parseUserAgent: the parser extensions', () => {
  it('HarmonyOS is HarmonyOS, without the Android version it carries', () => {
    expect(parseUserAgent(CN.harmony4)).toMatchObject({
      browser: 'Huawei Browser',
      os: 'HarmonyOS',
      osVersion: '',
      device: 'mobile',
    });
    expect(parseUserAgent(CN.harmonyNext)).toMatchObject({
      os: 'HarmonyOS',
      osVersion: '5.0',
      device: 'mobile',
    });
  });
  it("iOS 26 is read from Safari's version (the OS number is frozen at 18_6)", () => {
    expect(parseUserAgent(CN.ios26)).toMatchObject({ os: 'iOS', osVersion: '26.0', device: 'mobile' });
    expect(parseUserAgent(CN.ipad26)).toMatchObject({ os: 'iOS', osVersion: '26.1', device: 'tablet' });
    expect(parseUserAgent(CN.ios186)).toMatchObject({ os: 'iOS', osVersion: '18.6' });
  });
  it('Huawei Browser and UC Browser on Windows', () => {
    expect(parseUserAgent(CN.huaweiPc)).toEqual({
      browser: 'Huawei Browser',
      browserVersion: '12',
      os: 'Windows',
      osVersion: '10',
      device: 'desktop',
    });
    expect(parseUserAgent(CN.ucPc)).toMatchObject({
      browser: 'UCBrowser',
      browserVersion: '7',
      os: 'Windows',
    });
  });
  it('the Douyin and TikTok webviews', () => {
    expect(parseUserAgent(CN.douyinAndroid)).toMatchObject({
      browser: 'Douyin',
      browserVersion: '23',
      os: 'Android',
      osVersion: '12',
      device: 'mobile',
    });
    expect(parseUserAgent(CN.douyinIos)).toMatchObject({
      browser: 'Douyin',
      browserVersion: '30',
      os: 'iOS',
    });
    expect(parseUserAgent(CN.tiktok)).toMatchObject({
      browser: 'TikTok',
      browserVersion: '32',
      os: 'Android',
    });
  });
  it.each(Object.values(CN))('%s is a person, not a bot', (ua) => {
    expect(isBotUserAgent(ua)).toBe(false);
  });
});

describe('isBotUserAgent', () => {
  it.each([UA.googlebot, UA.baiduspider, UA.curl, UA.headless, '', '   ', undefined])('%s is a bot', (ua) => {
    expect(isBotUserAgent(ua)).toBe(true);
  });
  it.each([UA.chromeWin, UA.iphone, UA.androidWechat, UA.firefoxLinux])('%s is a person', (ua) => {
    expect(isBotUserAgent(ua)).toBe(false);
  });
});
