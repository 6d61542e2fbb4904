import { ACCESS } from '@tally/contracts';
import type { WebFeature } from '../../lib/route-types';

/** 队列监控 (/queue/queue): pg-boss's queues and jobs, for admins (the server's `queue` access area). */
export const feature: WebFeature = {
  routes: [
    {
      table: 'main',
      order: 110,
      path: '/queue/queue',
      meta: {
        title: '队列监控',
        icon: () => import('@ant-design/icons/es/icons/DatabaseOutlined'),
        roles: ACCESS.queue,
      },
      layoutPage: 'queue-page',
    },
  ],
};
