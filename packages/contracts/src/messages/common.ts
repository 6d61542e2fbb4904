import type { AreaMessages } from './area.js';

/**
 * Words every area shares: the text checks of text.ts, dates, and the answers of the envelope and the error
 * helpers.
 */
export const commonMessages: AreaMessages = {
  area: 'common',
  fixed: {
    required: '必填',
    invalid: '无效',
    'contains control characters': '不能包含控制字符',
    'contains a NUL character': '不能包含 NUL 字符',
    'is not valid Unicode (a lone surrogate)': '不是有效的 Unicode 文本（含孤立的代理项）',
    'not a valid email address': '不是有效的邮箱地址',
    'letters, digits, _ or -': '只能包含字母、数字、_ 或 -',
    'a user id has at most 15 digits': '用户编号最多 15 位数字',
    'must be an http(s), tg: or mailto: address, or a path on this site':
      '必须是 http(s)、tg:、mailto: 地址，或本站路径',
    'must be an uploaded file (/uploads/…) or an http(s) address':
      '必须是已上传的文件（/uploads/…）或 http(s) 地址',
    'not a date': '不是有效的日期',
    'YYYY-MM-DD': '格式应为 YYYY-MM-DD',
    'before from': '不能早于开始日期',
    'already taken': '已被占用',
    'Too many requests, please try again later.': '请求过于频繁，请稍后再试。',
    Forbidden: '没有权限',
    'Internal Server Error': '服务器内部错误',
    'The service is briefly unavailable; please try again in a few seconds.':
      '服务暂时不可用，请几秒后重试。',
    'Invalid input': '输入无效',
    'Not found': '未找到',
    'too large': '数值过大',
    'The site is closed. 站点已关闭。': '站点已关闭。',
  },
  patterns: [
    [/^at most (\d+) characters$/, (n) => `最多 ${n} 个字符`],
    [/^at least (\d+) characters$/, (n) => `至少 ${n} 个字符`],
  ],
  fields: {
    site_id: { zh: '站点', en: 'Site' },
    expires_at: { zh: '过期时间', en: 'Expires' },
    note: { zh: '备注', en: 'Note' },
    id: { zh: '编号', en: 'ID' },
    ids: { zh: '所选项', en: 'Selection' },
    name: { zh: '名称', en: 'Name' },
    enabled: { zh: '启用', en: 'Enabled' },
    status: { zh: '状态', en: 'Status' },
    action: { zh: '操作', en: 'Action' },
    sort: { zh: '排序', en: 'Order' },
    order: { zh: '排序', en: 'Order' },
    amount: { zh: '金额', en: 'Amount' },
    request_id: { zh: '请求编号', en: 'Request ID' },
    user_id: { zh: '用户', en: 'User' },
    user: { zh: '用户', en: 'User' },
    kind: { zh: '类型', en: 'Type' },
    from: { zh: '开始日期', en: 'From' },
    body: { zh: '请求内容', en: 'Request' },
    querystring: { zh: '查询参数', en: 'Query' },
  },
};
