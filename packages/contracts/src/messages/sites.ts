import type { AreaMessages } from './area.js';

/** Sites, their groups and share links (sites.ts, modules/sites). */
export const sitesMessages: AreaMessages = {
  area: 'sites',
  fixed: {
    'not a valid domain': '不是有效的域名',
    'at least one domain': '至少填写一个域名',
    'unknown time zone': '未知的时区',
    'not an IP address or CIDR range': '不是 IP 地址或 CIDR 网段',
    'no such group': '分组不存在',
    'the group belongs to another user': '该分组属于其他用户',
    'This share link does not exist or was revoked.': '该分享链接不存在或已被撤销。',
    'No site selected': '未选择站点',
    'site not found': '站点不存在',
    'not a valid Umami website id': '不是有效的 Umami 网站 ID',
    'not a valid Matomo site id': '不是有效的 Matomo 站点 ID（正整数）',
    'already used by another site': '已被其他站点使用',
  },
  patterns: [[/^group not found$/, () => '分组不存在']],
  fields: {
    token: { zh: '分享链接', en: 'Share link' },
    site_ids: { zh: '站点', en: 'Sites' },
    domains: { zh: '域名', en: 'Domains' },
    group_id: { zh: '分组', en: 'Group' },
    timezone: { zh: '时区', en: 'Time zone' },
    ignored_ips: { zh: '排除的 IP', en: 'Ignored IPs' },
    cookieless: { zh: '无 Cookie 统计', en: 'Cookieless' },
    respect_dnt: { zh: '遵循“请勿跟踪”', en: 'Respect Do Not Track' },
    mask_ip: { zh: '隐藏 IP 末段', en: 'Mask IP addresses' },
    umami_ids: { zh: 'Umami 网站 ID', en: 'Umami website IDs' },
    matomo_id: { zh: 'Matomo 站点 ID', en: 'Matomo site ID' },
  },
};
