/**
 * The template's permission demo (seed section 6: "a leftover template permission setup with roles
 * admin, editor, visitor is mock data"): mock users, a route table and what each role sees of it.
 */
export type MockRole = 'admin' | 'editor' | 'visitor';

export interface MockRoute {
  path: string;
  name?: string;
  redirect?: string;
  hidden?: boolean;
  meta?: { title: string; icon?: string; roles?: MockRole[] };
  children?: MockRoute[];
}

export interface MockRoleEntry {
  key: MockRole;
  name: MockRole;
  description: string;
  routes: MockRoute[];
}

export interface MockUser {
  roles: MockRole[];
  introduction: string;
  avatar: string;
  name: string;
}

/** user/login answers a token per known username; user/info takes that token back. */
export const MOCK_TOKENS: Record<string, string> = {
  admin: 'admin-token',
  editor: 'editor-token',
  visitor: 'visitor-token',
};

const AVATAR = '/favicon.ico';

export const MOCK_USERS: Record<string, MockUser> = {
  'admin-token': {
    roles: ['admin'],
    introduction: 'Super administrator: sees every page.',
    avatar: AVATAR,
    name: 'Super Admin',
  },
  'editor-token': {
    roles: ['editor'],
    introduction: 'Editor: every page but the permission pages.',
    avatar: AVATAR,
    name: 'Normal Editor',
  },
  'visitor-token': {
    roles: ['visitor'],
    introduction: 'Visitor: the dashboard only.',
    avatar: AVATAR,
    name: 'Just a Visitor',
  },
};

const DASHBOARD: MockRoute = {
  path: '',
  redirect: 'dashboard',
  children: [{ path: 'dashboard', name: 'Dashboard', meta: { title: 'dashboard', icon: 'dashboard' } }],
};

/** The permission pages only an admin reaches; the rest of the demo app is open to editors. */
const PERMISSION_PATH = '/permission';

export const MOCK_ROUTES: MockRoute[] = [
  { path: '/login', hidden: true },
  DASHBOARD,
  {
    path: PERMISSION_PATH,
    redirect: '/permission/page',
    meta: { title: 'permission', icon: 'lock', roles: ['admin'] },
    children: [
      { path: 'page', name: 'PagePermission', meta: { title: 'pagePermission', roles: ['admin'] } },
      { path: 'directive', name: 'DirectivePermission', meta: { title: 'directivePermission' } },
      { path: 'role', name: 'RolePermission', meta: { title: 'rolePermission', roles: ['admin'] } },
    ],
  },
  {
    path: '/example',
    redirect: '/example/list',
    meta: { title: 'example', icon: 'example' },
    children: [
      { path: 'create', name: 'CreateArticle', meta: { title: 'createArticle' } },
      { path: 'edit/:id(\\d+)', name: 'EditArticle', hidden: true, meta: { title: 'editArticle' } },
      { path: 'list', name: 'ArticleList', meta: { title: 'articleList' } },
    ],
  },
  { path: '*', redirect: '/404', hidden: true },
];

export const MOCK_ROLES: MockRoleEntry[] = [
  {
    key: 'admin',
    name: 'admin',
    description: 'Super Administrator. Has access to every page.',
    routes: MOCK_ROUTES,
  },
  {
    key: 'editor',
    name: 'editor',
    description: 'Normal Editor. Sees every page except the permission pages.',
    routes: MOCK_ROUTES.filter((route) => route.path !== PERMISSION_PATH),
  },
  {
    key: 'visitor',
    name: 'visitor',
    description: 'Just a visitor. Sees the dashboard only.',
    routes: [DASHBOARD],
  },
];
