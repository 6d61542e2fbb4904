import { ACCESS } from '@tally/contracts';
import type { WebFeature } from '../../lib/route-types';

/** 用户管理 (seed section 2, admins only): takes the place of the skeleton's placeholder. */
export const feature: WebFeature = {
  routes: [
    {
      table: 'main',
      order: 70,
      path: '/users/users',
      meta: {
        title: '用户管理',
        icon: () => import('@ant-design/icons/es/icons/UserOutlined'),
        roles: ACCESS.users,
      },
      layoutPage: 'users-page',
    },
  ],
};
