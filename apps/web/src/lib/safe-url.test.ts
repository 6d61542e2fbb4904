import { describe, expect, it } from 'vitest';
import { safeHref } from './safe-url';

describe('safeHref', () => {
  it('keeps web, Telegram and mail addresses and paths of this site', () => {
    expect(safeHref(' https://t.me/tally ')).toBe('https://t.me/tally');
    expect(safeHref('HTTP://example.com')).toBe('HTTP://example.com');
    expect(safeHref('tg://resolve?domain=tally')).toBe('tg://resolve?domain=tally');
    expect(safeHref('/price')).toBe('/price');
  });
  it('refuses scripts, other schemes, protocol-relative addresses and empty values', () => {
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref(' JavaScript:alert(1)')).toBeNull();
    expect(safeHref('data:text/html,x')).toBeNull();
    expect(safeHref('//evil.example')).toBeNull();
    expect(safeHref('/\\evil.example')).toBeNull();
    expect(safeHref('')).toBeNull();
    expect(safeHref(undefined)).toBeNull();
  });
});
