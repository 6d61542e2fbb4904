import { describe, expect, it } from 'vitest';
import { exportHref, viewerTimeZone } from './export-button';

describe('exportHref', () => {
  it('keeps the filters and sort, drops the page, and adds the language and the viewer’s zone', () => {
    const href = exportHref(
      { path: '/api/v1/admin/recharge/export' },
      { page: 3, limit: 50, sort: '-payable', status: 'paid', user: 'a b', tx: '', to: undefined },
      'zh',
    );
    const [path, query] = href.split('?');
    expect(path).toBe('/api/v1/admin/recharge/export');
    const params = Object.fromEntries(new URLSearchParams(query));
    expect(params).toEqual({
      sort: '-payable',
      status: 'paid',
      user: 'a b',
      lang: 'zh-CN',
      tz: viewerTimeZone(),
    });
    expect(new URLSearchParams(exportHref({ path: '/x' }, {}, 'en').split('?')[1]).get('lang')).toBe('en-US');
  });
});
