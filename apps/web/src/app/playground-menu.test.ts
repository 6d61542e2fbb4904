import { describe, expect, it } from 'vitest';
import { buildMenu, flattenMenu } from './menu';

const paths = (roles: string[], playground: boolean) =>
  flattenMenu(buildMenu(roles, false, true, playground)).map((e) => e.path);

describe('the Playground entry (npm run demo)', () => {
  it('is in the admin menu only while the server runs as the playground', () => {
    expect(paths(['admin'], false)).not.toContain('/admin/playground');
    expect(paths(['admin'], true)).toContain('/admin/playground');
    const admin = buildMenu(['admin'], false, true, true).find((e) => e.path === '/admin');
    expect(admin?.children?.at(-1)).toMatchObject({ path: '/admin/playground', title: 'Playground' });
  });

  it('is never in anyone else’s menu', () => {
    for (const roles of [['user'], ['article_editor']])
      expect(paths(roles, true)).not.toContain('/admin/playground');
  });
});
