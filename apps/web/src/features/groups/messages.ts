import { CHAT_TYPE_LABELS } from '@tally/contracts';
import { addMessages } from '../../lib/messages';

/** Telegram's chat types in one language (the contracts' words, shared with the CSV). */
const chatTypes = (lang: 'zh' | 'en') =>
  Object.fromEntries(Object.entries(CHAT_TYPE_LABELS).map(([type, words]) => [type, words[lang]]));

/** 群组管理's words (the page and its modals import this module). */
export const en = {
  tgGroups: {
    title: 'Groups',
    search: 'Title or chat id',
    group: 'Group',
    bot: 'Bot',
    botStatus: 'Bot status',
    statuses: {
      member: 'Member',
      administrator: 'Admin',
      creator: 'Owner',
      restricted: 'Restricted',
      left: 'Left',
      kicked: 'Removed',
    },
    members: 'Members',
    language: 'Language',
    sites: 'Bound sites',
    joined: 'Joined',
    actions: 'Actions',
    bind: 'Bind site',
    test: 'Test report',
    send: 'Send message',
    leave: 'Leave',
    leaveQuestion: 'Make the bot leave “{{title}}”?',
    site: 'Site',
    schedule: 'Schedule',
    schedules: { daily: 'Daily', weekly: 'Weekly', off: 'Off' },
    time: 'Time (site time zone)',
    weekday: 'Weekday',
    weekdays: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
    text: 'Message',
    sent: 'Sent',
    unbind: 'Unbind',
    empty: 'No groups yet: add a bot to a Telegram group',
    total_one: '{{count}} group',
    total: '{{count}} groups',
    chatType: chatTypes('en'),
  },
};
const zh: typeof en = {
  tgGroups: {
    title: '群组管理',
    search: '群名或群 ID',
    group: '群组',
    bot: '机器人',
    botStatus: '机器人状态',
    statuses: {
      member: '成员',
      administrator: '管理员',
      creator: '群主',
      restricted: '受限',
      left: '已退出',
      kicked: '已被移出',
    },
    members: '成员数',
    language: '语言',
    sites: '绑定站点',
    joined: '加入时间',
    actions: '操作',
    bind: '绑定站点',
    test: '测试报告',
    send: '发送消息',
    leave: '退出群组',
    leaveQuestion: '让机器人退出「{{title}}」？',
    site: '站点',
    schedule: '报告频率',
    schedules: { daily: '每天', weekly: '每周', off: '不发送' },
    time: '时间（站点时区）',
    weekday: '星期',
    weekdays: ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'],
    text: '消息内容',
    sent: '已发送',
    unbind: '解除绑定',
    empty: '暂无群组：把机器人拉进 Telegram 群组即可',
    total_one: '共 {{count}} 个群组',
    total: '共 {{count}} 个群组',
    chatType: chatTypes('zh'),
  },
};
addMessages({ en, zh });
