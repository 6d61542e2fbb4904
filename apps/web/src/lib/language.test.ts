import { describe, expect, it } from 'vitest';
import { detectLanguage } from './language';

describe('detectLanguage (seed section 9)', () => {
  it('prefers the cookie', () => {
    expect(detectLanguage('zh', ['en-US'])).toBe('zh');
    expect(detectLanguage('en', ['zh-CN'])).toBe('en');
  });
  it('falls back to the first browser language matching en or zh', () => {
    expect(detectLanguage(undefined, ['fr-FR', 'zh-TW', 'en'])).toBe('zh');
    expect(detectLanguage(undefined, ['EN-gb'])).toBe('en');
    expect(detectLanguage('klingon', ['zh'])).toBe('zh');
  });
  it('defaults to en', () => {
    expect(detectLanguage(undefined, ['fr', 'de'])).toBe('en');
    expect(detectLanguage(undefined, [])).toBe('en');
  });
});
