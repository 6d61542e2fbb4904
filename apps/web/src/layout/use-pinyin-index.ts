import { useEffect, useState } from 'react';

/** title → "quanpin shouzimu", e.g. 用户管理 → "yonghuguanli yhgl". */
export type PinyinIndex = Record<string, string>;

/**
 * Resolves at the person's first key press or pointer press on the page: nobody searches the menu
 * before either (the search box takes a click or a Tab first).
 */
let firstInput: Promise<void> | null = null;
function afterFirstInput(): Promise<void> {
  firstInput ??= new Promise((resolve) => {
    const done = () => {
      document.removeEventListener('pointerdown', done, true);
      document.removeEventListener('keydown', done, true);
      resolve();
    };
    document.addEventListener('pointerdown', done, true);
    document.addEventListener('keydown', done, true);
  });
  return firstInput;
}

/**
 * pinyin-pro carries a dictionary (110 KB on the wire, about the size of the rest of the layout),
 * so it is fetched only when pinyin search is on (Chinese UI with the setting enabled) and only
 * once the person first presses a key or the pointer: a page's first load never waits for it
 * (bench/web-bundle.mjs), and it is there by the time a query is typed.
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
    void afterFirstInput()
      .then(() => import('pinyin-pro'))
      .then(({ pinyin }) => {
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
