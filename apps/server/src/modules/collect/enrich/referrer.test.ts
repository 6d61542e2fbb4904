import { describe, expect, it } from 'vitest';
import { classifyReferrer, isOwnHost } from './referrer.js';

const SITE = ['example.com', 'shop.example.org'];

describe('classifyReferrer', () => {
  it.each([undefined, '', 'not a url', 'javascript:alert(1)', 'file:///etc/passwd', 'about:blank'])(
    '%s is direct',
    (ref) => {
      expect(classifyReferrer(ref, SITE)).toEqual({
        category: 'direct',
        domain: null,
        name: null,
        keyword: null,
      });
    },
  );
  it('links inside the site (any subdomain, with or without www) are direct', () => {
    for (const ref of [
      'https://example.com/a',
      'https://www.example.com/',
      'http://blog.example.com/x',
      'https://shop.example.org/',
    ]) {
      expect(classifyReferrer(ref, SITE).category).toBe('direct');
    }
  });
  it("the hit's own page host is internal even when the domain list misses it", () => {
    for (const [ref, host] of [
      ['https://mirror.example.net/about', 'mirror.example.net'],
      ['http://203.0.113.7:8080/list', '203.0.113.7'],
      ['https://preview-42.pages.dev/', 'preview-42.pages.dev'],
    ]) {
      expect(classifyReferrer(ref, SITE, host)).toEqual({
        category: 'direct',
        domain: null,
        name: null,
        keyword: null,
      });
    }
    expect(classifyReferrer('https://other.example.net/', SITE, 'mirror.example.net').category).toBe(
      'external',
    );
  });
  it('a look-alike domain is not internal', () => {
    expect(classifyReferrer('https://notexample.com/', SITE).category).toBe('external');
  });
  it('search with engine and keyword (the Done-means case)', () => {
    expect(classifyReferrer('https://www.baidu.com/s?wd=测试', SITE)).toEqual({
      category: 'search',
      domain: 'baidu.com',
      name: 'Baidu',
      keyword: '测试',
    });
  });
  it('search with a hidden keyword', () => {
    expect(classifyReferrer('https://www.google.com/', SITE)).toEqual({
      category: 'search',
      domain: 'google.com',
      name: 'Google',
      keyword: null,
    });
  });
  it("a social network's bare origin is social even where the search list names its host; its search is a search", () => {
    // Facebook is in both lists; `https://www.facebook.com/` is what a click from a post brings.
    for (const bare of ['https://www.facebook.com/', 'https://www.facebook.com'])
      expect(classifyReferrer(bare, SITE), bare).toEqual({
        category: 'social',
        domain: 'facebook.com',
        name: 'Facebook',
        keyword: null,
      });
    expect(classifyReferrer('https://www.facebook.com/search/?q=tally', SITE)).toEqual({
      category: 'search',
      domain: 'facebook.com',
      name: 'Facebook',
      keyword: 'tally',
    });
  });
  it('social networks, including subdomains and path entries', () => {
    expect(classifyReferrer('https://m.facebook.com/story', SITE)).toMatchObject({
      category: 'social',
      name: 'Facebook',
    });
    expect(classifyReferrer('https://www.douyin.com/video/1', SITE)).toMatchObject({
      category: 'social',
      name: 'Douyin',
    });
    expect(classifyReferrer('https://weibo.com/u/1', SITE)).toMatchObject({
      category: 'social',
      name: 'Weibo',
    });
  });
  it.each([
    ['https://chatgpt.com/', 'ChatGPT'],
    ['https://chatgpt.com/c/abc', 'ChatGPT'],
    ['https://claude.ai/chat/1', 'Claude'],
    ['https://www.doubao.com/chat/123', 'Doubao'],
    ['https://kimi.moonshot.cn/', 'Kimi'],
    ['https://www.kimi.com/chat/x', 'Kimi'],
    ['https://chat.deepseek.com/', 'Deepseek'],
    ['https://yuanbao.tencent.com/chat/1', 'Yuanbao'],
    ['https://www.perplexity.ai/search/abc', 'Perplexity'],
    ['https://gemini.google.com/app', 'Gemini'],
    ['https://copilot.microsoft.com/', 'Copilot'],
    ['https://x.com/i/grok?conversation=1', 'Grok'],
  ])('%s is an AI assistant (%s), ahead of the search list', (ref, name) => {
    expect(classifyReferrer(ref, SITE)).toEqual({
      category: 'ai',
      domain: new URL(ref).hostname.replace(/^www\./, ''),
      name,
      keyword: null,
    });
  });
  it('any other site is external with its domain', () => {
    expect(classifyReferrer('https://www.news.example.net/a?b=c', SITE)).toEqual({
      category: 'external',
      domain: 'news.example.net',
      name: null,
      keyword: null,
    });
  });
  it('the Google app referrer (android-app://) is a search', () => {
    expect(
      classifyReferrer('android-app://com.google.android.googlequicksearchbox/https/www.google.com', SITE),
    ).toMatchObject({
      category: 'search',
      name: 'Google',
    });
  });
});

describe('isOwnHost', () => {
  it('matches the domain, www and subdomains only', () => {
    expect(isOwnHost('WWW.Example.com', ['example.com'])).toBe(true);
    expect(isOwnHost('a.b.example.com', ['www.example.com'])).toBe(true);
    expect(isOwnHost('example.com.evil.net', ['example.com'])).toBe(false);
    expect(isOwnHost('example.com', [])).toBe(false);
  });
});
