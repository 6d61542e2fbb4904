import { describe, expect, it } from 'vitest';
import { jsonDiff } from './json-diff';

describe('jsonDiff', () => {
  it('lists changed, added and removed fields first, by dotted path', () => {
    const rows = jsonDiff(
      { webtitle: 'A', smtp: { host: 'a', port: 25 }, gone: 1, same: true },
      { webtitle: 'B', smtp: { host: 'a', port: 465 }, added: [1, 2], same: true },
    );
    expect(rows.map((r) => [r.path, r.change])).toEqual([
      ['webtitle', 'changed'],
      ['smtp.port', 'changed'],
      ['gone', 'removed'],
      ['added', 'added'],
      ['smtp.host', 'same'],
      ['same', 'same'],
    ]);
    expect(rows.find((r) => r.path === 'added')).toMatchObject({ before: undefined, after: [1, 2] });
  });

  it('treats a scalar or nothing on either side as the value itself', () => {
    expect(jsonDiff(null, { title: 'Hi' })).toEqual([
      { path: 'title', before: undefined, after: 'Hi', change: 'added' },
    ]);
    expect(jsonDiff('on', 'off')).toEqual([{ path: '', before: 'on', after: 'off', change: 'changed' }]);
    expect(jsonDiff(null, null)).toEqual([]);
  });
});
