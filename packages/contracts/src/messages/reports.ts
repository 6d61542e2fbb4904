import type { AreaMessages } from './area.js';

/** Reports, the visit log and the tracker (reports.ts, modules/reports, modules/collect). */
export const reportsMessages: AreaMessages = {
  area: 'reports',
  fixed: {
    'required for a custom range': '自定义时间段时必填',
    'not an http(s) URL': '不是 http(s) 网址',
    'visit not found': '访问记录不存在',
    'too many hits waiting to be stored': '等待写入的访问过多',
  },
  patterns: [
    [/^at most (\d+) days$/, (n) => `最多 ${n} 天`],
    [/^by hour for at most (\d+) days$/, (n) => `按小时查看最多 ${n} 天`],
  ],
};
