import './resource-table.css';
import i18next from 'i18next';
import { addMessages } from '../../lib/messages';

addMessages({
  en: { scrollRegion: { table: 'Table, scrolls sideways', titled: '{{title}}: table, scrolls sideways' } },
  zh: { scrollRegion: { table: '表格，可左右滚动', titled: '{{title}}：表格，可左右滚动' } },
});

/** antd's scrolling boxes of a table: the whole table (scroll.x), or its body under a fixed header (scroll.y). */
const SCROLLERS = '.ant-table-content, .ant-table-body';

const scrolls = (el: HTMLElement): boolean => {
  const style = getComputedStyle(el);
  const open = (overflow: string) => overflow === 'auto' || overflow === 'scroll';
  return (
    (open(style.overflowX) && el.scrollWidth > el.clientWidth + 1) ||
    (open(style.overflowY) && el.scrollHeight > el.clientHeight + 1)
  );
};

/** The card's title when the table sits in one, so two tables on a page have different names. */
function labelOf(el: HTMLElement): string {
  const title = el.closest('.ant-card')?.querySelector('.ant-card-head-title')?.textContent?.trim();
  return title ? i18next.t('scrollRegion.titled', { title }) : i18next.t('scrollRegion.table');
}

/**
 * A table wider than its box scrolls inside it, and a keyboard user can only scroll what can take
 * the focus (WCAG 2.1.1; axe: scrollable-region-focusable): while it overflows, the box is a named,
 * focusable region (the arrow keys then scroll it), and it stops being a Tab stop once it fits again.
 */
function update(el: HTMLElement): void {
  if (scrolls(el)) {
    if (el.tabIndex !== 0) el.tabIndex = 0;
    el.setAttribute('role', 'region');
    const label = labelOf(el);
    if (el.getAttribute('aria-label') !== label) el.setAttribute('aria-label', label);
  } else if (el.hasAttribute('tabindex')) {
    el.removeAttribute('tabindex');
    el.removeAttribute('role');
    el.removeAttribute('aria-label');
  }
}

/**
 * Watches `root` for antd tables (every table of the app, whoever renders it) and keeps their
 * scrolling boxes reachable by keyboard as their content or width changes. Returns the clean-up.
 */
export function watchTableScrollRegions(root: HTMLElement): () => void {
  const watched = new WeakSet<HTMLElement>();
  const sizes = new ResizeObserver((entries) => {
    for (const entry of entries) {
      const box = (entry.target as HTMLElement).closest<HTMLElement>(SCROLLERS);
      if (box) update(box);
    }
  });
  let frame = 0;
  const scan = () => {
    frame = 0;
    for (const box of root.querySelectorAll<HTMLElement>(SCROLLERS)) {
      update(box);
      if (watched.has(box)) continue;
      watched.add(box);
      // The box changes size with the window; its table with the rows and columns.
      sizes.observe(box);
      const table = box.querySelector('table');
      if (table) sizes.observe(table);
    }
  };
  const tree = new MutationObserver(() => {
    frame ||= requestAnimationFrame(scan);
  });
  tree.observe(root, { childList: true, subtree: true });
  const relabel = () => {
    frame ||= requestAnimationFrame(scan);
  };
  i18next.on('languageChanged', relabel);
  scan();
  return () => {
    tree.disconnect();
    sizes.disconnect();
    cancelAnimationFrame(frame);
    i18next.off('languageChanged', relabel);
  };
}
