import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { decodeKeywordBytes, percentDecodeBytes } from './keyword-charset.js';

describe('percentDecodeBytes', () => {
  it('decodes escapes and plus signs, keeps broken escapes', () => {
    expect(Buffer.from(percentDecodeBytes('a+b%20c%zz%4')).toString('latin1')).toBe('a b c%zz%4');
  });
  it('keeps raw non-ASCII characters as UTF-8', () => {
    expect(Buffer.from(percentDecodeBytes('测')).toString('utf8')).toBe('测');
  });
});

describe('decodeKeywordBytes', () => {
  const gb = Uint8Array.from(iconv.encode('中文关键词', 'gb2312'));
  const utf = new TextEncoder().encode('中文关键词');
  it('valid UTF-8 wins over a declared legacy charset', () => {
    expect(decodeKeywordBytes(utf, ['gb2312'])).toBe('中文关键词');
  });
  it('invalid UTF-8 falls back to the declared legacy charset', () => {
    expect(decodeKeywordBytes(gb, ['UTF-8', 'gb2312'])).toBe('中文关键词');
  });
  it('among several declared legacy charsets, the one that decodes the bytes validly wins', () => {
    const sjis = Uint8Array.from(iconv.encode('東京', 'shift_jis'));
    const euc = Uint8Array.from(iconv.encode('東京', 'euc-jp'));
    expect(decodeKeywordBytes(sjis, ['utf-8', 'euc-jp', 'ms932'])).toBe('東京');
    expect(decodeKeywordBytes(euc, ['utf-8', 'euc-jp', 'ms932'])).toBe('東京');
  });
  it('an explicit hint decides', () => {
    expect(decodeKeywordBytes(gb, [], 'gbk')).toBe('中文关键词');
  });
  it('an unknown hint or no charset degrades to lossy UTF-8 instead of throwing', () => {
    expect(decodeKeywordBytes(utf, [], 'x-unknown')).toBe('中文关键词');
    expect(decodeKeywordBytes(Uint8Array.from([0xff, 0x41]), [])).toBe('\uFFFDA');
  });
});
