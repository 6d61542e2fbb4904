import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export interface VisitedView {
  /** Identity of a tag: one tag per path (seed section 4). */
  path: string;
  /** Path with query, where the tag leads back to. */
  fullPath: string;
  title: string;
  affix?: boolean;
  noCache?: boolean;
}

interface TagsViewState {
  visitedViews: VisitedView[];
  /** Paths whose page element is kept alive while another tag is active. */
  cachedViews: string[];
  addView(view: VisitedView): void;
  delView(path: string): void;
  delOthersViews(path: string): void;
  delAllViews(): void;
  /** Forgets the kept page so the next visit mounts it afresh (tag refresh). */
  delCachedView(path: string): void;
  setAffixViews(views: VisitedView[]): void;
}

const cache = (views: VisitedView[]) => views.filter((v) => !v.noCache).map((v) => v.path);

/** Visited tags survive a reload through sessionStorage: the template lost them. */
export const useTagsViewStore = create<TagsViewState>()(
  persist(
    (set, get) => ({
      visitedViews: [],
      cachedViews: [],
      addView(view) {
        const views = get().visitedViews;
        const index = views.findIndex((v) => v.path === view.path);
        const next =
          index === -1 ? [...views, view] : views.map((v, i) => (i === index ? { ...v, ...view } : v));
        set({ visitedViews: next, cachedViews: cache(next) });
      },
      delView(path) {
        const next = get().visitedViews.filter((v) => v.path !== path || v.affix);
        set({ visitedViews: next, cachedViews: cache(next) });
      },
      delOthersViews(path) {
        const next = get().visitedViews.filter((v) => v.path === path || v.affix);
        set({ visitedViews: next, cachedViews: cache(next) });
      },
      delAllViews() {
        const next = get().visitedViews.filter((v) => v.affix);
        set({ visitedViews: next, cachedViews: cache(next) });
      },
      delCachedView(path) {
        set({ cachedViews: get().cachedViews.filter((p) => p !== path) });
      },
      setAffixViews(affix) {
        const rest = get().visitedViews.filter((v) => !affix.some((a) => a.path === v.path));
        const next = [...affix, ...rest.filter((v) => !v.affix)];
        set({ visitedViews: next, cachedViews: cache(next) });
      },
    }),
    {
      name: 'tally-tags',
      storage: createJSONStorage(() => sessionStorage),
      partialize: (s) => ({ visitedViews: s.visitedViews, cachedViews: s.cachedViews }),
    },
  ),
);

/** Logout closes every tab, pinned ones included: the next user may not have their routes. */
export function resetTagsView(): void {
  useTagsViewStore.setState({ visitedViews: [], cachedViews: [] });
}
