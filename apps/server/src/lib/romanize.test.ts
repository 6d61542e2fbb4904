import { areaText, placeName } from '@tally/contracts';
import { describe, expect, it } from 'vitest';
import { romanize } from './romanize.js';

describe('place names in English through pinyin-pro (issue 29)', () => {
  it.each([
    [['中国', '广东省', '深圳市'], 'China Guangdong Shenzhen'],
    [['中国', '江苏省', '南京市'], 'China Jiangsu Nanjing'],
    [['中国', '湖南省', '长沙市'], 'China Hunan Changsha'],
    [['中国', '安徽省', '蚌埠市'], 'China Anhui Bengbu'],
    [['中国', '陕西省', '西安市'], "China Shaanxi Xi'an"],
    [['中国', '吉林省', '延边'], 'China Jilin Yanbian'],
    [['日本', '北海道', ''], 'Japan Hokkaido'],
    [['美国', '加利福尼亚', '洛杉矶'], 'United States California Los Angeles'],
  ])('%j → %s', (parts, english) => {
    expect(areaText(parts, 'en-US', romanize)).toBe(english);
  });
  it('leaves Chinese as stored, and English names as they are', () => {
    expect(areaText(['中国', '广东省', '深圳市'], 'zh-CN', romanize)).toBe('中国 广东省 深圳市');
    expect(placeName('Bayern', 'en-US', romanize)).toBe('Bayern');
  });
});
