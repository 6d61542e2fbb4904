import { addMessages } from '../../lib/messages';

const en = {
  console: {
    title: 'Console',
    notYet: 'Not yet available',
    failed: 'Could not be read',
    newUsers: 'New users per day',
    events: 'Events per day (page views)',
    days: 'Last 30 days',
    zone: 'Days in {{zone}}; sites count events in their own time zones',
    latestAudit: 'Latest operations',
    allAudit: 'All operations',
    time: 'When',
    actor: 'Who',
    action: 'What',
    ip: 'From',
    refresh: 'Refresh',
    loadFailed: 'The console could not be loaded',
  },
};

const zh: typeof en = {
  console: {
    title: '控制台',
    notYet: '暂未提供',
    failed: '读取失败',
    newUsers: '每日新增用户',
    events: '每日事件（浏览量）',
    days: '近 30 天',
    zone: '按 {{zone}} 时区计日；站点事件按各站点时区计日',
    latestAudit: '最近操作',
    allAudit: '全部操作日志',
    time: '时间',
    actor: '操作人',
    action: '操作',
    ip: '来源 IP',
    refresh: '刷新',
    loadFailed: '控制台加载失败',
  },
};

addMessages({ en, zh });
