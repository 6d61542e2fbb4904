import { beforeEach, describe, expect, it } from 'vitest';
import { resetTagsView, useTagsViewStore, type VisitedView } from './tags-view';

const view = (path: string, extra: Partial<VisitedView> = {}): VisitedView => ({
  path,
  fullPath: path,
  title: path,
  ...extra,
});
const paths = () => useTagsViewStore.getState().visitedViews.map((v) => v.path);
const cached = () => useTagsViewStore.getState().cachedViews;

describe('tags view store', () => {
  beforeEach(() => {
    resetTagsView();
    useTagsViewStore.getState().setAffixViews([view('/dashboard', { affix: true })]);
  });
  it('adds views once per path, updating the query of a revisited one', () => {
    const s = useTagsViewStore.getState();
    s.addView(view('/a'));
    s.addView(view('/b'));
    s.addView({ ...view('/a'), fullPath: '/a?page=2' });
    expect(paths()).toEqual(['/dashboard', '/a', '/b']);
    expect(useTagsViewStore.getState().visitedViews[1]?.fullPath).toBe('/a?page=2');
  });
  it('caches views unless noCache', () => {
    const s = useTagsViewStore.getState();
    s.addView(view('/a'));
    s.addView(view('/edit', { noCache: true }));
    expect(cached()).toEqual(['/dashboard', '/a']);
  });
  it('never closes a pinned view', () => {
    const s = useTagsViewStore.getState();
    s.addView(view('/a'));
    s.delView('/dashboard');
    s.delAllViews();
    expect(paths()).toEqual(['/dashboard']);
  });
  it('closes others but keeps pinned views', () => {
    const s = useTagsViewStore.getState();
    for (const p of ['/a', '/b', '/c']) s.addView(view(p));
    s.delOthersViews('/b');
    expect(paths()).toEqual(['/dashboard', '/b']);
    expect(cached()).toEqual(['/dashboard', '/b']);
  });
  it('drops a refreshed view from the cache only', () => {
    const s = useTagsViewStore.getState();
    s.addView(view('/a'));
    s.delCachedView('/a');
    expect(paths()).toEqual(['/dashboard', '/a']);
    expect(cached()).toEqual(['/dashboard']);
  });
  it('survives a reload through sessionStorage', () => {
    useTagsViewStore.getState().addView(view('/a'));
    const saved = JSON.parse(sessionStorage.getItem('tally-tags') ?? '{}');
    expect(saved.state.visitedViews.map((v: VisitedView) => v.path)).toEqual(['/dashboard', '/a']);
  });
  it('logout closes everything, pinned included', () => {
    useTagsViewStore.getState().addView(view('/a'));
    resetTagsView();
    expect(paths()).toEqual([]);
  });
});
