import type { AreaMessages } from './area.js';

/** 短链管理 (short-links.ts, modules/short-links). */
export const shortLinksMessages: AreaMessages = {
  area: 'short-links',
  fixed: {
    'is a reserved word': '是保留字，不能使用',
    'must be an absolute http(s) address': '必须是完整的 http(s) 网址',
    'Short link not found': '短链不存在',
  },
  fields: {
    target: { zh: '目标地址', en: 'Target' },
    max_visits: { zh: '最多访问次数', en: 'Maximum visits' },
  },
};
