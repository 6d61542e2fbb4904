import type { AreaLanguage } from './area-names.js';

/**
 * Search engines as readers know them. Tally stores the engine under the name of the vendored
 * Matomo list (`Baidu`, `360search`, `sm.cn`); Chinese readers know the Chinese engines by their
 * Chinese names, English readers by their usual English ones. Engines not listed read as stored.
 */
const ENGINE_NAMES: Readonly<Record<string, { 'zh-CN': string; 'en-US': string }>> = {
  Baidu: { 'zh-CN': '百度', 'en-US': 'Baidu' },
  Sogou: { 'zh-CN': '搜狗', 'en-US': 'Sogou' },
  '360search': { 'zh-CN': '360搜索', 'en-US': '360 Search' },
  'sm.cn': { 'zh-CN': '神马', 'en-US': 'Shenma' },
  Bing: { 'zh-CN': '必应', 'en-US': 'Bing' },
};

/** A stored search-engine name in the reader's language. */
export function engineName(name: string, lang: AreaLanguage): string {
  return ENGINE_NAMES[name]?.[lang] ?? name;
}
