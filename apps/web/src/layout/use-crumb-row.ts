import { type RefObject, useLayoutEffect, useState } from 'react';

/** The room the breadcrumb would have beside the navbar's other items (hamburger, buttons). */
function crumbRoom(nav: HTMLElement, bar: Element): number {
  const style = getComputedStyle(nav);
  const others = Array.from(nav.children).filter((child) => child !== bar) as HTMLElement[];
  const gap = Number.parseFloat(style.columnGap) || 0;
  const padding = (Number.parseFloat(style.paddingLeft) || 0) + (Number.parseFloat(style.paddingRight) || 0);
  const taken = others.reduce((sum, el) => sum + el.offsetWidth, 0);
  return nav.clientWidth - padding - taken - gap * others.length;
}

/** The breadcrumb's whole width: each crumb and separator at its text's width, however squeezed now. */
function crumbWidth(bar: Element): number {
  const list = bar.querySelector('.ant-breadcrumb ol');
  return list ? Array.from(list.children).reduce((sum, li) => sum + li.scrollWidth, 0) : 0;
}

/**
 * On a phone, whether the breadcrumb needs a row of its own under the navbar's buttons: beside them
 * (the site selector, messages, language, settings, account) a page title was cut to a character
 * or two. It stays in the row when it fits whole. Both widths are measured apart from where the
 * crumb sits, so moving it never flips the answer back.
 */
export function useCrumbRow(navRef: RefObject<HTMLElement | null>, enabled: boolean, key: string): boolean {
  const [ownRow, setOwnRow] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` (route and language) changes the title to measure
  useLayoutEffect(() => {
    const nav = navRef.current;
    const bar = nav?.querySelector('.breadcrumb-bar');
    if (!enabled || !nav || !bar) {
      setOwnRow(false);
      return;
    }
    const measure = () => setOwnRow(crumbWidth(bar) > crumbRoom(nav, bar) + 0.5);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(nav);
    for (const child of Array.from(nav.children)) observer.observe(child);
    const list = bar.querySelector('.ant-breadcrumb ol');
    // A title that arrives later (its chunk's strings) changes the crumb's text, not the bar's size.
    const texts = new MutationObserver(measure);
    if (list) texts.observe(list, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      texts.disconnect();
    };
  }, [navRef, enabled, key]);
  return ownRow;
}
