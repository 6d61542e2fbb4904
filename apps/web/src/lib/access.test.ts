import type { Role } from '@tally/contracts';
import { describe, expect, it } from 'vitest';
import { canAccess, filterByRoles } from './access';

interface R {
  path: string;
  meta?: { roles?: readonly Role[] };
  children?: R[];
}

const tree: R[] = [
  { path: '/open' },
  { path: '/admin-only', meta: { roles: ['admin'] } },
  {
    path: '/group',
    meta: { roles: ['admin', 'article_editor'] },
    children: [
      { path: '/group/a', meta: { roles: ['admin'] } },
      { path: '/group/b', meta: { roles: ['admin', 'article_editor'] } },
      { path: '/group/c' },
    ],
  },
  {
    path: '/empty-group',
    meta: { roles: ['user'] },
    children: [{ path: '/empty-group/x', meta: { roles: ['admin'] } }],
  },
];

const paths = (routes: R[]): string[] => routes.flatMap((r) => [r.path, ...paths(r.children ?? [])]);

describe('filterByRoles', () => {
  it('keeps routes without roles and those matching one role, recursively', () => {
    expect(paths(filterByRoles(tree, ['article_editor']))).toEqual([
      '/open',
      '/group',
      '/group/b',
      '/group/c',
    ]);
  });
  it('drops a group whose children are all filtered out', () => {
    expect(paths(filterByRoles(tree, ['user']))).toEqual(['/open']);
  });
  it('keeps everything for admin', () => {
    expect(paths(filterByRoles(tree, ['admin']))).toEqual(paths(tree));
  });
  it('keeps only open routes without roles', () => {
    expect(paths(filterByRoles(tree, []))).toEqual(['/open']);
  });
});

describe('canAccess', () => {
  it('allows unrestricted routes, matching roles and admin', () => {
    expect(canAccess([], undefined)).toBe(true);
    expect(canAccess(['user'], ['user', 'admin'])).toBe(true);
    expect(canAccess(['client'], ['user'])).toBe(false);
    expect(canAccess(['admin'], ['user'])).toBe(true);
  });
});
