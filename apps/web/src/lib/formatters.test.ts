import { describe, expect, it } from 'vitest';
import {
  formatBytes,
  formatCount,
  formatDate,
  formatNumber,
  formatRelativeTime,
  toDate,
  toThousands,
} from './formatters';

const NOW = new Date(2026, 10, 21, 12, 0, 0).getTime();
const ago = (ms: number) => NOW - ms;
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('formatRelativeTime', () => {
  it('reads 刚刚 under 30 seconds, including now and the future', () => {
    expect(formatRelativeTime(ago(0), NOW)).toBe('刚刚');
    expect(formatRelativeTime(ago(29 * S), NOW)).toBe('刚刚');
    expect(formatRelativeTime(NOW + 5 * M, NOW)).toBe('刚刚');
  });
  it('counts minutes from 30 seconds to an hour', () => {
    expect(formatRelativeTime(ago(30 * S), NOW)).toBe('1分钟前');
    expect(formatRelativeTime(ago(5 * M + 10 * S), NOW)).toBe('5分钟前');
    expect(formatRelativeTime(ago(59 * M), NOW)).toBe('59分钟前');
  });
  it('counts hours under a day', () => {
    expect(formatRelativeTime(ago(H), NOW)).toBe('1小时前');
    expect(formatRelativeTime(ago(23 * H + 59 * M), NOW)).toBe('23小时前');
  });
  it('reads 1天前 from one day to under two days', () => {
    expect(formatRelativeTime(ago(D), NOW)).toBe('1天前');
    expect(formatRelativeTime(ago(2 * D - S), NOW)).toBe('1天前');
  });
  it('falls back to a date from two days on', () => {
    expect(formatRelativeTime(ago(2 * D), NOW)).toBe('11月19日12时00分');
    expect(formatRelativeTime(ago(3 * D), NOW, '{y}-{m}-{d}')).toBe('2026-11-18');
  });
  it('accepts epoch seconds, milliseconds and ISO strings', () => {
    const iso = new Date(ago(10 * M)).toISOString();
    expect(formatRelativeTime(iso, NOW)).toBe('10分钟前');
    expect(formatRelativeTime(Math.floor(ago(2 * H) / 1000), NOW)).toBe('2小时前');
    expect(formatRelativeTime(String(Math.floor(ago(2 * H) / 1000)), NOW)).toBe('2小时前');
  });
  it('gives nothing for an unreadable time', () => {
    expect(formatRelativeTime('not a date', NOW)).toBe('');
  });
});

describe('formatDate and toDate', () => {
  it('pads every field', () => {
    expect(formatDate(new Date(2026, 0, 2, 3, 4, 5))).toBe('2026-01-02 03:04:05');
  });
  it('treats 0 as the epoch and small numbers as seconds', () => {
    expect(toDate(0).getTime()).toBe(0);
    expect(toDate(1_700_000_000).getTime()).toBe(1_700_000_000_000);
    expect(toDate(1_700_000_000_000).getTime()).toBe(1_700_000_000_000);
    expect(toDate(-86_400).getTime()).toBe(-86_400_000);
  });
  it('parses ISO strings with a zone', () => {
    expect(toDate('2026-11-21T08:00:00Z').getTime()).toBe(Date.UTC(2026, 10, 21, 8));
  });
});

describe('formatBytes', () => {
  it('steps by 1024 through B, K, M and G', () => {
    expect(formatBytes(0)).toBe('0B');
    expect(formatBytes(1023)).toBe('1023B');
    expect(formatBytes(1024)).toBe('1K');
    expect(formatBytes(1536)).toBe('1.5K');
    expect(formatBytes(1024 ** 2)).toBe('1M');
    expect(formatBytes(5.25 * 1024 ** 3)).toBe('5.25G');
  });
  it('stays at G beyond it', () => {
    expect(formatBytes(2048 * 1024 ** 3)).toBe('2048G');
  });
  it('keeps the sign of negatives', () => {
    expect(formatBytes(-2048)).toBe('-2K');
  });
});

describe('formatNumber', () => {
  it('leaves small numbers and 0 alone', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(999)).toBe('999');
  });
  it('uses k, M, G, T, P and E', () => {
    expect(formatNumber(1000)).toBe('1k');
    expect(formatNumber(1234)).toBe('1.2k');
    expect(formatNumber(2_500_000)).toBe('2.5M');
    expect(formatNumber(3e9)).toBe('3G');
    expect(formatNumber(4.56e12, 2)).toBe('4.56T');
    expect(formatNumber(7e15)).toBe('7P');
    expect(formatNumber(8.1e18)).toBe('8.1E');
  });
  it('handles negatives', () => {
    expect(formatNumber(-1500)).toBe('-1.5k');
    expect(formatNumber(-12)).toBe('-12');
  });
});

describe('toThousands', () => {
  it('groups the integer part by three', () => {
    expect(toThousands(0)).toBe('0');
    expect(toThousands(999)).toBe('999');
    expect(toThousands(1000)).toBe('1,000');
    expect(toThousands(1234567)).toBe('1,234,567');
  });
  it('keeps the fraction and the sign', () => {
    expect(toThousands(1234567.891)).toBe('1,234,567.891');
    expect(toThousands(-1234567)).toBe('-1,234,567');
    expect(toThousands('-9876543.21')).toBe('-9,876,543.21');
  });
  it('returns text that is not a number unchanged', () => {
    expect(toThousands('abc')).toBe('abc');
  });
});

describe('formatRelativeTime in English', () => {
  const NOW = Date.parse('2026-11-21T12:00:00');
  it("has the same steps as the seed's Chinese ones", () => {
    expect(formatRelativeTime(NOW - 29_000, NOW, undefined, 'en')).toBe('just now');
    expect(formatRelativeTime(NOW - 30_000, NOW, undefined, 'en')).toBe('1 min ago');
    expect(formatRelativeTime(NOW - 2 * 3_600_000, NOW, undefined, 'en')).toBe('2 h ago');
    expect(formatRelativeTime(NOW - 25 * 3_600_000, NOW, undefined, 'en')).toBe('1 day ago');
    expect(formatRelativeTime(NOW - 3 * 86_400_000, NOW, undefined, 'en')).toBe('2026-11-18 12:00');
  });
});

describe('formatCount', () => {
  it('is exact below 100,000 and short (with the exact figure) from there', () => {
    expect(formatCount(99_999)).toEqual({ text: '99,999' });
    expect(formatCount(100_000)).toEqual({ text: '100k', exact: '100,000' });
    expect(formatCount(-2_500_000)).toEqual({ text: '-2.5M', exact: '-2,500,000' });
  });
});
