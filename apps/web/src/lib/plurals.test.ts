import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from './i18n';

/** Every bundle of strings the app registers (each feature adds its own when its chunk loads). */
const BUNDLES = import.meta.glob(['../**/messages.ts', '../**/*-messages.ts', '../**/*.messages.ts']);

beforeAll(async () => {
  initI18n('en');
  await Promise.all(Object.values(BUNDLES).map((load) => load()));
});

/** Every English string, by its dotted key. */
function englishStrings(): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (node: unknown, prefix: string) => {
    if (typeof node === 'string') out.set(prefix, node);
    else if (node && typeof node === 'object')
      for (const [k, v] of Object.entries(node)) walk(v, prefix ? `${prefix}.${k}` : k);
  };
  walk(i18next.getResourceBundle('en', 'translation'), '');
  return out;
}

describe('English counts agree with their nouns', () => {
  it('loads the feature bundles', () => {
    expect(Object.keys(BUNDLES).length).toBeGreaterThan(5);
    expect(englishStrings().get('content.total')).toBe('{{count}} articles');
  });

  it('says "1 article", "1 file", "1 row", "1 view", not "1 articles"', () => {
    const t = i18next.getFixedT('en');
    expect(t('content.total', { count: 1 })).toBe('1 article');
    expect(t('content.total', { count: 2 })).toBe('2 articles');
    expect(t('content.total', { count: 0 })).toBe('0 articles');
    expect(t('content.deleted', { count: 1 })).toBe('1 article deleted');
    expect(t('files.total', { count: 1 })).toBe('1 file');
    expect(t('files.deleteConfirm', { count: 1 })).toBe('Delete 1 file? This cannot be undone.');
    expect(t('reports.total', { count: 1 })).toBe('1 row');
    expect(t('reports.overview.onlineViews', { count: 1 })).toBe('1 page view');
    expect(t('articlesPublic.views', { count: 1 })).toBe('1 view');
    expect(t('articlesPublic.views', { count: 12 })).toBe('12 views');
  });

  it('gives every English "{{count}} <noun>" a singular form, and no "(s)"', () => {
    const strings = englishStrings();
    const missing = [...strings]
      .filter(([key, text]) => /\{\{count\}\} [a-z]/i.test(text) && !key.endsWith('_one'))
      .filter(([key]) => !strings.has(`${key}_one`))
      .map(([key]) => key);
    expect(missing).toEqual([]);
    // "article(s)" dodges the count; "http(s)" is a scheme, not a plural.
    const dodged = [...strings].filter(([, text]) => /(?<!http)\(s\)/.test(text)).map(([key]) => key);
    expect(dodged).toEqual([]);
  });

  it('keeps one form in Chinese', () => {
    expect(i18next.getFixedT('zh')('content.total', { count: 1 })).toBe('共 1 篇');
  });
});
