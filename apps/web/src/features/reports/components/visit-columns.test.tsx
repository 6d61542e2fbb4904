import { REFERRER_CATEGORIES, type VisitRow } from '@tally/contracts';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { reportsEn } from '../locales/en-US';
import { reportsZh } from '../locales/zh-CN';
import { visitColumns } from './visit-columns';

const t = ((key: string) => key) as unknown as TFunction;
const row = (over: Partial<VisitRow>) =>
  ({ country: '中国', province: '', city: '', device: 'desktop', os: '', browser: '', ...over }) as VisitRow;

function cell(locale: 'zh-CN' | 'en-US', column: string, visit: VisitRow): unknown {
  const col = visitColumns(t, locale).find((c) => c.key === column);
  return col?.render?.(undefined, visit, 0);
}

describe('visit log: places and devices in the reader language', () => {
  const beijing = row({
    province: '北京市',
    city: '北京市',
    device: 'mobile',
    os: 'iOS',
    browser: 'Mobile Safari',
  });
  it('English: provinces and countries in English, one name for a municipality, devices translated', () => {
    expect(cell('en-US', 'area', beijing)).toBe('Beijing');
    expect(cell('en-US', 'area', row({ province: '广东省', city: '深圳市' }))).toBe('Guangdong 深圳市');
    expect(cell('en-US', 'area', row({ country: '美国' }))).toBe('United States');
    expect(cell('en-US', 'device', beijing)).toBe('Mobile · iOS · Mobile Safari');
  });
  it('Chinese: stored names, devices as 桌面/移动/平板', () => {
    expect(cell('zh-CN', 'area', beijing)).toBe('北京市');
    expect(cell('zh-CN', 'device', beijing)).toBe('移动 · iOS · Mobile Safari');
    expect(cell('zh-CN', 'device', row({ device: 'tablet' }))).toBe('平板');
    expect(cell('zh-CN', 'device', row({ device: 'desktop' }))).toBe('桌面');
  });
  it('every referrer category, AI assistants included, has a label in both languages', () => {
    for (const c of REFERRER_CATEGORIES) {
      expect(reportsZh.category[c], c).toBeTruthy();
      expect(reportsEn.category[c], c).toBeTruthy();
    }
    expect(reportsZh.category.ai).toBe('AI 助手');
    expect(reportsEn.category.ai).toBe('AI assistants');
  });
});
