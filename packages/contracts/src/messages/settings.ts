import type { AreaMessages } from './area.js';

/** 系统设置 and mail (admin-settings.ts, modules/settings, modules/mail); fields as the tabs label them. */
export const settingsMessages: AreaMessages = {
  area: 'settings',
  fixed: {
    'a host name or http(s) origin, without a path': '应为主机名或 http(s) 源地址，不带路径',
    'must be an http(s) address': '必须是 http(s) 地址',
    'SMTP: the server refused the user name or password.': 'SMTP：服务器拒绝了用户名或密码。',
    'SMTP: the server did not accept the mail.': 'SMTP：邮件服务器没有接受这封邮件。',
    'SMTP: no mail server answered at this host and port.': 'SMTP：该主机和端口上没有可用的邮件服务器。',
  },
  patterns: [
    [
      /^smtp_port: (\d+) is not a mail port \((.*)\)\.$/,
      (port, list) => `端口 ${port} 不是邮件端口（${list}）。`,
    ],
    [/^not a mail port \((.*)\)$/, (list) => `不是邮件端口（${list}）`],
    [/^unknown settings?: (.+)$/, (keys) => `未知的设置项：${keys}`],
  ],
  fields: {
    webtitle: { zh: '网站标题', en: 'Web title' },
    weburl: { zh: '网站地址', en: 'Web address' },
    kefu_link: { zh: '客服链接', en: 'Support link' },
    group_link: { zh: '群组链接', en: 'Group link' },
    indexNotice: { zh: '公告一', en: 'Notice 1' },
    indexNotice2: { zh: '公告二', en: 'Notice 2' },
    indexNotice3: { zh: '公告三', en: 'Notice 3' },
    ads: { zh: '广告', en: 'Ads' },
    tjDomains: { zh: '统计域名', en: 'Tracking domains' },
    smtp_host: { zh: 'SMTP 主机', en: 'SMTP host' },
    smtp_port: { zh: '端口', en: 'Port' },
    smtp_user: { zh: 'SMTP 用户名', en: 'SMTP user' },
    smtp_pass: { zh: 'SMTP 密码', en: 'SMTP password' },
    mail_from: { zh: '发件人', en: 'Sender' },
    to: { zh: '收件人', en: 'Recipient' },
    link: { zh: '链接', en: 'Link' },
    image: { zh: '图片', en: 'Image' },
    events_retention_days: { zh: '原始事件保留天数', en: 'Raw events kept (days)' },
    position: { zh: '位置', en: 'Position' },
    webclose: { zh: '关闭网站', en: 'Close the site' },
    smtp_secure: { zh: '直接使用 TLS', en: 'TLS from the start' },
    registration_open: { zh: '开放注册', en: 'Registration open' },
    register_email_code: { zh: '注册需要邮箱验证码', en: 'Email code required to register' },
    register_invite_required: { zh: '注册需要邀请码', en: 'Invite code required to register' },
    crypt_enabled: { zh: '加密响应数据', en: 'Encrypt responses' },
  },
};
