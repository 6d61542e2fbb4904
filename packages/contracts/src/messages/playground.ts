import type { AreaMessages } from './area.js';

/** The try-it mode's panel (playground.ts, modules/playground). */
export const playgroundMessages: AreaMessages = {
  area: 'playground',
  fixed: {
    'This recharge has no payable amount.': '该充值没有应付金额。',
    'the demo bot is missing (deleted in 机器人列表?)': '演示机器人不存在（是否已在机器人列表中删除？）',
    'not a group of the demo bot': '不是演示机器人所在的群组',
  },
};
