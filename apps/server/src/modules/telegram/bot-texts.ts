import type { MessageLanguage } from '@tally/contracts';

/** Today's figures of one site, as /stats and the reports show them. */
export interface SiteFigures {
  name: string;
  day: string;
  pv: number;
  uv: number;
  ip: number;
  visits: number;
}

const T = {
  zh: {
    help: [
      'Tally 统计机器人',
      '/stats [站点] — 今日浏览量、访客、IP、访问次数',
      '/bind <站点ID> — 在本群发送该站点的日报（仅站点所有者）',
      '/unbind <站点ID> — 取消绑定（仅站点所有者）',
      '/start <令牌> — 绑定 Tally 账号（在个人中心获取链接）',
    ].join('\n'),
    linked: '已绑定 Tally 账号。',
    linkInvalid: '链接无效或已过期，请在个人中心重新获取。',
    noSites: '没有可查看的站点。',
    notLinked: '请先在个人中心获取链接并通过 /start 绑定 Tally 账号。',
    notOwner: '只有站点所有者才能执行此操作。',
    bindUsage: '用法：/bind <站点ID>',
    unbindUsage: '用法：/unbind <站点ID>',
    bound: (site: string) => `已绑定站点「${site}」，每天 09:00 发送日报。`,
    unbound: (site: string) => `已取消绑定站点「${site}」。`,
    groupOnly: '此命令只能在群组中使用。',
    figures: (f: SiteFigures) =>
      `📊 ${f.name}（${f.day}）\n浏览量 PV：${f.pv}\n访客 UV：${f.uv}\nIP：${f.ip}\n访问次数：${f.visits}`,
    report: (f: SiteFigures) => `日报 · ${f.name}`,
  },
  en: {
    help: [
      'Tally stats bot',
      '/stats [site] — today’s page views, visitors, IPs and visits',
      '/bind <site id> — post this site’s daily report here (site owner only)',
      '/unbind <site id> — stop it (site owner only)',
      '/start <token> — link your Tally account (the link is on your profile page)',
    ].join('\n'),
    linked: 'Your Tally account is linked.',
    linkInvalid: 'This link is invalid or expired; get a new one on your profile page.',
    noSites: 'No sites to show.',
    notLinked: 'Link your Tally account first: open the link on your profile page (/start).',
    notOwner: 'Only the owner of the site can do that.',
    bindUsage: 'Usage: /bind <site id>',
    unbindUsage: 'Usage: /unbind <site id>',
    bound: (site: string) => `Site “${site}” bound: a daily report at 09:00.`,
    unbound: (site: string) => `Site “${site}” unbound.`,
    groupOnly: 'This command works in groups only.',
    figures: (f: SiteFigures) =>
      `📊 ${f.name} (${f.day})\nPage views: ${f.pv}\nVisitors: ${f.uv}\nIPs: ${f.ip}\nVisits: ${f.visits}`,
    report: (f: SiteFigures) => `Daily report · ${f.name}`,
  },
} satisfies Record<MessageLanguage, unknown>;

export const botTexts = (lang: MessageLanguage) => T[lang];

/** A Telegram user's language_code as one of ours. */
export const languageOf = (code: string | undefined): MessageLanguage =>
  code?.startsWith('zh') ? 'zh' : 'en';

/** A report: its title line, then the figures. */
export const reportText = (lang: MessageLanguage, f: SiteFigures) =>
  `${T[lang].report(f)}\n${T[lang].figures(f)}`;
