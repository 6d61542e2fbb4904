import { ACCESS } from '@tally/contracts';
import type { WebFeature } from '../../lib/route-types';

/**
 * Playground under 系统管理: the try-it mode's panel (`npm run demo`), for admins, in the menu only
 * while the server runs as the playground (its status call answers; elsewhere it is a 404).
 */
export const feature: WebFeature = {
  routes: [
    {
      table: 'main',
      group: '/admin',
      order: 95,
      path: '/admin/playground',
      meta: {
        title: 'Playground',
        icon: () => import('@ant-design/icons/es/icons/ExperimentOutlined'),
        roles: ACCESS.settings,
        playground: true,
      },
      layoutPage: 'playground-page',
    },
  ],
};
