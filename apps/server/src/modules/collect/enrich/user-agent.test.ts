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

describe('isBotUserAgent', () => {
  it.each([UA.googlebot, UA.baiduspider, UA.curl, UA.headless, '', '   ', undefined])('%s is a bot', (ua) => {
    expect(isBotUserAgent(ua)).toBe(true);
  });
  it.each([UA.chromeWin, UA.iphone, UA.androidWechat, UA.firefoxLinux])('%s is a person', (ua) => {
    expect(isBotUserAgent(ua)).toBe(false);
  });
});
