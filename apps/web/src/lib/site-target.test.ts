import { describe, expect, it } from 'vitest';
import { readSiteTarget, sitesSelectPath } from './site-target';

describe('the site page remembered through /sites/select', () => {
  it('round-trips a site page', () => {
    const path = sitesSelectPath('/site/refer/keyword');
    expect(path).toBe('/sites/select?redirect=%2Fsite%2Frefer%2Fkeyword');
    expect(readSiteTarget(path.slice(path.indexOf('?')))).toBe('/site/refer/keyword');
  });
  it('reads nothing but a site page', () => {
    for (const target of [
      '',
      '/dashboard',
      '//evil.example/site/',
      'https://evil.example/site/x',
      '/site\\x',
    ])
      expect(readSiteTarget(`?redirect=${encodeURIComponent(target)}`), target).toBeNull();
    expect(readSiteTarget('')).toBeNull();
  });
});
