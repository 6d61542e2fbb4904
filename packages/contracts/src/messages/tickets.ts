import type { AreaMessages } from './area.js';

/** Support tickets (tickets.ts, modules/tickets). */
export const ticketsMessages: AreaMessages = {
  area: 'tickets',
  fixed: {
    'This ticket is closed; open a new one.': '该工单已关闭，如需帮助请新建工单。',
    'No such ticket': '工单不存在',
  },
  fields: {
    subject: { zh: '主题', en: 'Subject' },
    priority: { zh: '优先级', en: 'Priority' },
  },
};
