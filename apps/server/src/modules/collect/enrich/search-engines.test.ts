import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { defaultEngines, detectSearchEngine, loadEngineDefinitions, lossyHost } from './search-engines.js';

const detect = (url: string) => detectSearchEngine(new URL(url));
const gbk = (text: string) =>
  [...iconv.encode(text, 'gb2312')].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');

describe('lossyHost (Matomo getLossyUrl)', () => {
  it.each([
    ['www.google.com.hk', 'google.{}'],
    ['www.google.de', 'google.{}'],
    ['google.co.uk', 'google.{}'],
    ['cn.bing.com', '{}.bing.com'],
    ['m.baidu.com', 'baidu.com'],
    ['www2.example.org', 'example.org'],
    ['search.example.com', 'example.com'],
    ['yandex.ru', 'yandex.{}'],
    ['example.com', 'example.com'],
  ])('%s → %s', (host, expected) => {
    expect(lossyHost(host)).toBe(expected);
  });
});

describe('detectSearchEngine: Chinese engines', () => {
  it('Baidu wd in UTF-8', () => {
    expect(detect('https://www.baidu.com/s?wd=%E6%B5%8B%E8%AF%95')).toEqual({
      engine: 'Baidu',
      keyword: '测试',
    });
  });
  it('Baidu with a raw (browser-displayed) Chinese keyword', () => {
    expect(detect('https://www.baidu.com/s?wd=测试&rsv_spt=1')).toEqual({ engine: 'Baidu', keyword: '测试' });
  });
  it('Baidu word/kw params and the mobile host', () => {
    expect(detect('https://m.baidu.com/s?word=%E6%89%8B%E6%9C%BA')).toEqual({
      engine: 'Baidu',
      keyword: '手机',
    });
    expect(detect('https://tieba.baidu.com/f?kw=abc')).toEqual({ engine: 'Baidu', keyword: 'abc' });
  });
  it('Baidu gb2312 keyword, detected from invalid UTF-8', () => {
    expect(detect(`http://www.baidu.com/s?wd=${gbk('统计')}`)).toEqual({ engine: 'Baidu', keyword: '统计' });
  });
  it('Baidu gb2312 keyword announced by ie=gb2312', () => {
    expect(detect(`http://www.baidu.com/s?ie=gb2312&wd=${gbk('网站')}`)).toEqual({
      engine: 'Baidu',
      keyword: '网站',
    });
  });
  it('Baidu hidden keyword on /link?url= and on the home page', () => {
    expect(detect('https://www.baidu.com/link?url=AbCdEf123&wd=&eqid=99')).toEqual({
      engine: 'Baidu',
      keyword: null,
    });
    expect(detect('https://www.baidu.com/link?url=AbCdEf123')).toEqual({ engine: 'Baidu', keyword: null });
    expect(detect('https://www.baidu.com/')).toEqual({ engine: 'Baidu', keyword: null });
  });
  it('Baidu page that is neither a search nor a hidden-keyword path is not a search', () => {
    expect(detect('https://www.baidu.com/some/article')).toBeNull();
  });
  it('Sogou query in gb2312 and its hidden /link?url=', () => {
    expect(detect(`https://www.sogou.com/web?query=${gbk('天气')}`)).toEqual({
      engine: 'Sogou',
      keyword: '天气',
    });
    expect(detect('https://www.sogou.com/link?url=xyz')).toEqual({ engine: 'Sogou', keyword: null });
  });
  it('Sogou UTF-8 keyword despite the gb2312 declaration', () => {
    expect(detect('https://www.sogou.com/web?query=%E5%A4%A9%E6%B0%94')).toEqual({
      engine: 'Sogou',
      keyword: '天气',
    });
  });
  it('360 search (so.com)', () => {
    expect(detect('https://www.so.com/s?q=%E4%BA%BA%E5%B7%A5')).toEqual({
      engine: '360search',
      keyword: '人工',
    });
  });
  it('Shenma (sm.cn)', () => {
    expect(detect('https://m.sm.cn/s?q=%E5%B0%8F%E8%AF%B4')).toEqual({ engine: 'sm.cn', keyword: '小说' });
  });
});

/** The Chinese engines of the vendored list; every host of theirs is tested below. */
const CHINESE_ENGINES = ['Baidu', 'Sogou', '360search', 'Haosou', 'sm.cn', 'Soso', 'Zhongsou', 'Zxuso'];
const chineseHosts = [...defaultEngines()]
  .filter(([, def]) => CHINESE_ENGINES.includes(def.name))
  .map(([host, def]) => ({ host, engine: def.name, param: def.params.find((p) => !p.startsWith('/'))! }));

describe('detectSearchEngine: every Chinese engine host of the vendored list', () => {
  it('the list still holds every engine named here', () => {
    expect(new Set(chineseHosts.map((h) => h.engine))).toEqual(new Set(CHINESE_ENGINES));
    expect(chineseHosts.length).toBeGreaterThanOrEqual(20);
  });
  // Browsers trim a cross-site referrer to its origin, so the bare origin is what most clicks bring.
  it.each(chineseHosts)('$host: the bare origin is $engine with a hidden keyword', ({ host, engine }) => {
    expect(detect(`https://${host}/`)).toEqual({ engine, keyword: null });
  });
  it.each(chineseHosts)('$host: a full URL gives $engine and its keyword', ({ host, engine, param }) => {
    expect(detect(`https://${host}/s?${param}=${encodeURIComponent('天气 预报')}`)).toEqual({
      engine,
      keyword: '天气 预报',
    });
  });
});

describe('detectSearchEngine: international engines', () => {
  it('Google on a country TLD through the {} wildcard', () => {
    expect(detect('https://www.google.com.hk/search?q=Hello+World')).toEqual({
      engine: 'Google',
      keyword: 'hello world',
    });
    expect(detect('https://www.google.de/search?q=test')).toEqual({ engine: 'Google', keyword: 'test' });
  });
  it('Google with the keyword hidden (HTTPS referrer policy)', () => {
    expect(detect('https://www.google.com/')).toEqual({ engine: 'Google', keyword: null });
    expect(detect('https://www.google.co.jp/url?sa=t&source=web')).toEqual({
      engine: 'Google',
      keyword: null,
    });
  });
  it('Google keyword in the fragment', () => {
    expect(detect('https://www.google.com/#q=fragment+keyword')).toEqual({
      engine: 'Google',
      keyword: 'fragment keyword',
    });
  });
  it('Bing, its country subdomains and Bing Images by host + path', () => {
    expect(detect('https://www.bing.com/search?q=abc')).toEqual({ engine: 'Bing', keyword: 'abc' });
    expect(detect('https://cn.bing.com/search?q=%E4%BD%A0%E5%A5%BD')).toEqual({
      engine: 'Bing',
      keyword: '你好',
    });
    expect(detect('https://www.bing.com/images/search?q=cats')).toEqual({
      engine: 'Bing Images',
      keyword: 'cats',
    });
  });
  it('Yandex text param on a country TLD', () => {
    expect(detect('https://yandex.ru/search/?text=%D0%BF%D1%80%D0%B8%D0%B2%D0%B5%D1%82')).toEqual({
      engine: 'Yandex',
      keyword: 'привет',
    });
  });
  it('an empty keyword parameter still counts as a search with no keyword', () => {
    expect(detect('https://www.bing.com/search?q=&form=QBLH')).toEqual({ engine: 'Bing', keyword: null });
  });
  it('Yahoo country hosts fall back to search.yahoo.com', () => {
    expect(detect('https://de.search.yahoo.com/search?p=auto')?.engine).toMatch(/Yahoo/);
  });
  it('unknown hosts are not search engines', () => {
    expect(detect('https://example.com/s?wd=abc')).toBeNull();
    expect(detect('https://news.ycombinator.com/item?id=1')).toBeNull();
  });
  it('keywords are trimmed and lowercased', () => {
    expect(detect('https://www.bing.com/search?q=%20Mixed%20CASE%20')).toEqual({
      engine: 'Bing',
      keyword: 'mixed case',
    });
  });
  it('broken percent escapes do not throw', () => {
    expect(detect('https://www.bing.com/search?q=100%25%zz')).toEqual({ engine: 'Bing', keyword: '100%%zz' });
  });
});

describe('detectSearchEngine: Japanese legacy charsets', () => {
  const sjis = (text: string) =>
    [...iconv.encode(text, 'shift_jis')]
      .map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`)
      .join('');
  it('Yahoo! Japan announces Shift_JIS with ei=', () => {
    expect(detect(`https://search.yahoo.co.jp/search?p=${sjis('東京 天気')}&ei=Shift_JIS`)).toEqual({
      engine: 'Yahoo! Japan',
      keyword: '東京 天気',
    });
  });
  it('without a hint, the declared charset that decodes validly wins (ms932 after euc-jp)', () => {
    expect(detect(`https://search.yahoo.co.jp/search?p=${sjis('東京')}`)).toEqual({
      engine: 'Yahoo! Japan',
      keyword: '東京',
    });
  });
});

describe('detectSearchEngine: list rules on a small definition file', () => {
  const defs = loadEngineDefinitions(`
Regexy:
  -
    urls:
      - 'regexy.{}'
    params:
      - '/s\\/([^\\/]+)/'
      - q
Hidden:
  -
    urls:
      - hidden.example
    params:
      - q
    hiddenkeyword:
      - '/do/search'
      - '/\\/go\\?.*/'
`);
  const run = (url: string) => detectSearchEngine(new URL(url), defs);
  it('a /regex/ param reads the keyword from the whole URL', () => {
    expect(run('https://regexy.de/s/some%20words')).toEqual({ engine: 'Regexy', keyword: 'some words' });
  });
  it('a /regex/ param is form-decoded like a query parameter: + is a space', () => {
    expect(run('https://regexy.de/s/some+more+words')).toEqual({
      engine: 'Regexy',
      keyword: 'some more words',
    });
  });
  it('a definition without hiddenkeyword gets the default: its bare origin is a search', () => {
    expect(run('https://regexy.de/')).toEqual({ engine: 'Regexy', keyword: null });
    expect(run('https://regexy.de/about')).toBeNull();
  });
  it('falls back to the next param when the regex does not match', () => {
    expect(run('https://regexy.fr/find?q=plain')).toEqual({ engine: 'Regexy', keyword: 'plain' });
  });
  it('plain hidden-keyword paths compare exactly; /regex/ ones match path + query', () => {
    expect(run('https://hidden.example/do/search')).toEqual({ engine: 'Hidden', keyword: null });
    expect(run('https://hidden.example/do/search/more')).toBeNull();
    expect(run('https://hidden.example/go?to=x')).toEqual({ engine: 'Hidden', keyword: null });
  });
});
