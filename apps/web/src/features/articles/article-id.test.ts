import { describe, expect, it } from 'vitest';
import { isArticleId } from './article-id';

describe('isArticleId (seed section 5)', () => {
  it('accepts 1 to 62 digits', () => {
    expect(isArticleId('1')).toBe(true);
    expect(isArticleId('9'.repeat(62))).toBe(true);
  });
  it('refuses more digits, other characters and nothing', () => {
    expect(isArticleId('9'.repeat(63))).toBe(false);
    expect(isArticleId('12a')).toBe(false);
    expect(isArticleId('-1')).toBe(false);
    expect(isArticleId('')).toBe(false);
    expect(isArticleId(undefined)).toBe(false);
  });
});
