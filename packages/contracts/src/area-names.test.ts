import { describe, expect, it } from 'vitest';
import { areaText, canonicalIsp, canonicalProvince, englishCountryName, placeName } from './area-names.js';
import { engineName } from './engine-names.js';

describe('area names', () => {
  it.each([
    ['北京', '北京市'],
    ['北京市', '北京市'],
    ['广西', '广西壮族自治区'],
    ['内蒙古', '内蒙古自治区'],
    ['香港', '香港特别行政区'],
    ['广东省', '广东省'],
    ['California', 'California'],
  ])('province %s → %s', (raw, canonical) => {
    expect(canonicalProvince(raw)).toBe(canonical);
  });
  it.each([
    ['中国电信公众宽带', '电信'],
    ['中国电信CTNET网络', '电信'],
    ['中国联通IDC', '联通'],
    ['中国移动公众宽带', '移动'],
    ['教育网(CERNET)骨干网', '教育网'],
    ['阿里云计算有限公司', '阿里云'],
    ['电信', '电信'],
    ['Level3', 'Level3'],
  ])('ISP %s → %s', (raw, canonical) => {
    expect(canonicalIsp(raw)).toBe(canonical);
  });
  it('countries and provinces in English; unknown names unchanged; zh-CN unchanged', () => {
    expect(placeName('中国', 'en-US')).toBe('China');
    expect(placeName('美国', 'en-US')).toBe('United States');
    expect(placeName('阿联酋', 'en-US')).toBe('United Arab Emirates');
    expect(placeName('北京市', 'en-US')).toBe('Beijing');
    expect(placeName('广西壮族自治区', 'en-US')).toBe('Guangxi');
    expect(placeName('亚太地区', 'en-US')).toBe('Asia-Pacific');
    expect(placeName('某地', 'en-US')).toBe('某地');
    expect(placeName('', 'en-US')).toBe('');
    expect(placeName('北京市', 'zh-CN')).toBe('北京市');
  });
  it("every country name of ip2region's IPv4 database has an English name", () => {
    const names =
      '不丹 东帝汶 中国 中非 丹麦 乌克兰 也门 亚太地区 以色列 俄罗斯 关岛 刚果布 刚果金 北美地区 南极洲 南非 印度 叙利亚 土耳其 圣马丁 多米尼加 奥兰群岛 孟加拉 安的列斯 巴勒斯坦 德国 托克劳群岛 新加坡 日本 朝鲜 梵蒂冈 欧洲 法兰克福 法国南部领地 波黑 瓦利斯和富图纳群岛 留尼旺 科索沃 美国 英国 蒙塞拉特岛 越南 阿联酋 非洲地区 韩国 马其顿'.split(
        ' ',
      );
    for (const name of names) expect(englishCountryName(name), name).toMatch(/^\p{L}[\p{L} .,'&()-]+$/u);
  });
  it('regions and cities abroad and at home in English (issue 29); pinyin where the table has none', () => {
    // A stand-in for pinyin-pro: the server's own test runs the real one.
    const romanize = (han: string) =>
      Array.from(han, (c) => ({ 深: 'shen', 圳: 'zhen', 南: 'nan', 京: 'jing' })[c] ?? '?');
    expect(areaText(['广东省', '深圳市'], 'en-US', romanize)).toBe('Guangdong Shenzhen');
    expect(areaText(['江苏省', '南京市'], 'en-US', romanize)).toBe('Jiangsu Nanjing');
    expect(areaText(['日本', '北海道'], 'en-US', romanize)).toBe('Japan Hokkaido');
    expect(placeName('东京都', 'en-US')).toBe('Tokyo');
    expect(placeName('加利福尼亚', 'en-US')).toBe('California');
    expect(placeName('呼和浩特市', 'en-US', romanize)).toBe('Hohhot');
    expect(placeName('Bayern', 'en-US', romanize)).toBe('Bayern');
    // Without a romaniser a city the table lacks stays as stored; Chinese is never touched.
    expect(placeName('深圳市', 'en-US')).toBe('深圳市');
    expect(areaText(['广东省', '深圳市'], 'zh-CN', romanize)).toBe('广东省 深圳市');
  });
  it('search engines: Chinese names in Chinese, usual names in English', () => {
    expect(['Baidu', 'Sogou', '360search', 'sm.cn', 'Bing'].map((e) => engineName(e, 'zh-CN'))).toEqual([
      '百度',
      '搜狗',
      '360搜索',
      '神马',
      '必应',
    ]);
    expect(engineName('360search', 'en-US')).toBe('360 Search');
    expect(engineName('sm.cn', 'en-US')).toBe('Shenma');
    expect(engineName('Google', 'zh-CN')).toBe('Google');
  });
});
