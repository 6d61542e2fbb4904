import { useEffect, useState } from 'react';

/** title → "quanpin shouzimu", e.g. 用户管理 → "yonghuguanli yhgl". */
export type PinyinIndex = Record<string, string>;

/**
 * pinyin-pro carries a dictionary about the size of the rest of the layout, so it is fetched
 * only when pinyin search is actually on (Chinese UI with the setting enabled).
 */
export function usePinyinIndex(titles: readonly string[], enabled: boolean): PinyinIndex | null {
  const [index, setIndex] = useState<PinyinIndex | null>(null);
  const key = titles.join('\n');
  useEffect(() => {
    if (!enabled) {
      setIndex(null);
      return;
    }
    let live = true;
    void import('pinyin-pro').then(({ pinyin }) => {
      if (!live) return;
      const next: PinyinIndex = {};
      for (const title of key.split('\n')) {
        const full = pinyin(title, { toneType: 'none', type: 'array' }).join('');
        const initials = pinyin(title, { pattern: 'first', toneType: 'none', type: 'array' }).join('');
        next[title] = `${full} ${initials}`;
      }
      setIndex(next);
    });
    return () => {
      live = false;
    };
  }, [key, enabled]);
  return index;
}
