import type { AreaMessages } from './area.js';

/** 队列监控 (queue.ts, modules/queue). */
export const queueMessages: AreaMessages = {
  area: 'queue',
  fixed: {
    'not a queue name': '不是队列名称',
    'give ids or all, not both': '请指定任务 ID 或全部，二者选一',
  },
  fields: {
    queue: { zh: '队列', en: 'Queue' },
    all: { zh: '全部', en: 'All' },
    paused: { zh: '暂停', en: 'Paused' },
  },
};
