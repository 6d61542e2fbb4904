import type { AreaMessages } from './area.js';

/** Telegram bots, groups and their reports (telegram.ts, modules/telegram). */
export const telegramMessages: AreaMessages = {
  area: 'telegram',
  fixed: {
    'not a bot token (123456789:AA…)': '不是机器人令牌（123456789:AA…）',
    'Telegram refused this token: check it with @BotFather.': 'Telegram 拒绝了该令牌，请到 @BotFather 核对。',
    'Telegram could not be reached; try again later.': '无法连接 Telegram，请稍后再试。',
    'this bot is already connected': '该机器人已添加过',
    'bot not found': '机器人不存在',
    'chat not found': '群组不存在',
    'the bot is no longer in this chat': '机器人已不在该群组中',
    'required for a weekly report': '每周报告时必填',
    'HH:MM': '格式应为 HH:MM',
    'add a bot first': '请先添加机器人',
    'Telegram refused the message.': 'Telegram 拒绝了这条消息。',
  },
  fields: {
    language: { zh: '语言', en: 'Language' },
    text: { zh: '消息内容', en: 'Message' },
    bot_token: { zh: '机器人令牌', en: 'Bot token' },
    weekday: { zh: '星期', en: 'Weekday' },
    time: { zh: '时间', en: 'Time' },
    schedule: { zh: '报告频率', en: 'Schedule' },
  },
};
