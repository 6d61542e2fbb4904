import { describe, expect, it } from 'vitest';
import { readListState, toQuery, writeListState } from './list-query';

const defaults = { limit: 20, sort: '-id', sorts: ['-id', 'id', 'name', '-name'] } as const;
const spec = { status: ['draft', 'published'], category_id: 'number', actor: 'string' } as const;

describe('list query in the URL', () => {
  it('reads page, limit, sort, keyword and typed filters back', () => {
    const state = readListState(
      new URLSearchParams('page=3&limit=50&sort=name&keyword=tally&status=draft&category_id=0&actor=ann'),
      spec,
      defaults,
    );
    expect(state).toEqual({
      page: 3,
      limit: 50,
      sort: 'name',
      keyword: 'tally',
      filters: { status: 'draft', category_id: 0, actor: 'ann' },
    });
    expect(toQuery(state)).toEqual({
      page: 3,
      limit: 50,
      sort: 'name',
      keyword: 'tally',
      status: 'draft',
      category_id: 0,
      actor: 'ann',
    });
  });

  it('reads a hand-edited URL as the defaults instead of sending the server a bad query', () => {
    const state = readListState(
      new URLSearchParams('page=0&limit=999&sort=password&status=deleted&category_id=x'),
      spec,
      defaults,
    );
    expect(toQuery(state)).toEqual({ page: 1, limit: 20, sort: '-id' });
  });

  it('sends the viewer’s zone with a day filter, so the server counts the viewer’s days', () => {
    const state = readListState(
      new URLSearchParams('from=2026-03-01&to=2026-03-02'),
      { from: 'string', to: 'string' },
      defaults,
    );
    expect(toQuery(state)).toEqual({
      page: 1,
      limit: 20,
      sort: '-id',
      from: '2026-03-01',
      to: '2026-03-02',
      tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    // Not on a list without one: its query (and React Query's key) stays as it was.
    expect(toQuery(readListState(new URLSearchParams(''), { from: 'string' }, defaults))).not.toHaveProperty(
      'tz',
    );
  });

  it('writes only what differs from the defaults and keeps the page’s other parameters', () => {
    const start = new URLSearchParams('view=table&page=4&status=draft');
    const state = readListState(start, spec, defaults);
    const next = writeListState(
      start,
      { ...state, page: 1, filters: { ...state.filters, status: undefined } },
      defaults,
    );
    expect(next.toString()).toBe('view=table');
    const sorted = writeListState(next, { ...state, sort: '-name', keyword: 'a b' }, defaults);
    expect(sorted.toString()).toBe('view=table&page=4&sort=-name&keyword=a+b&status=draft');
  });
});
