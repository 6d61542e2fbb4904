import { addMessages } from '../../lib/messages';
import './home.css';

const en = {
  home: {
    title: 'Website analytics you host yourself',
    description:
      'Paste one script tag and read real-time traffic reports: visitors, referrers, search keywords, pages and areas. Share them with customers and receive them in Telegram.',
    pitch:
      'One script tag on your site, and every visit turns into clear reports: where visitors come from, what they search for, which pages they read and when they leave.',
    start: 'Start for free',
    login: 'I have an account',
    console: 'Open the console',
    preview: 'See the live demo',
    notices: 'Notices',
    featuresTitle: 'Everything a site owner needs to know',
    features: {
      realtime: {
        title: 'Real-time overview',
        text: 'Today against yesterday, hour by hour: PV, UV, IP, visits and bounce rate.',
      },
      referrers: {
        title: 'Referrers and keywords',
        text: 'Search engines, referring sites and the keywords that brought every visitor.',
      },
      visitors: {
        title: 'Visitors and areas',
        text: 'Province and country map, IP list, devices, new and returning visitors.',
      },
      pages: {
        title: 'Pages and entries',
        text: 'Most visited pages, entry pages, exit rates and the domains of each site.',
      },
      share: {
        title: 'Share with customers',
        text: "A share link opens one site's overview without an account, and can be turned off any time.",
      },
      telegram: {
        title: 'Telegram reports',
        text: 'Your bots post daily reports into your groups and answer /stats on request.',
      },
    },
    plansTitle: 'Plans for every size',
    plansText: 'Start with a free site, upgrade when your traffic grows. Pay with USDT.',
    plansLink: 'See pricing',
    contactTitle: 'Talk to us',
  },
};

const zh: typeof en = {
  home: {
    title: '自主部署的网站流量统计',
    description:
      '粘贴一段统计代码，实时查看访客、来源、搜索词、受访页面与地域报表，可分享给客户，也可推送到 Telegram。',
    pitch:
      '在网站上放一段统计代码，每一次访问都会变成清晰的报表：访客从哪里来、搜索了什么、看了哪些页面、何时离开。',
    start: '免费开始',
    login: '已有账号，去登录',
    console: '进入控制台',
    preview: '查看在线演示',
    notices: '公告',
    featuresTitle: '站长需要知道的一切',
    features: {
      realtime: { title: '实时概况', text: '今日与昨日逐小时对比：浏览量、访客数、IP、访问次数与跳出率。' },
      referrers: { title: '来源与搜索词', text: '搜索引擎、来路网站，以及带来每位访客的搜索词。' },
      visitors: { title: '访客与地域', text: '省份与国家地图、访客 IP、设备、新老访客。' },
      pages: { title: '受访与入口页面', text: '热门页面、入口页面、退出率，以及每个站点的受访域名。' },
      share: { title: '分享给客户', text: '分享链接无需账号即可查看站点概况，随时可以关闭。' },
      telegram: { title: 'Telegram 报表', text: '机器人每天把报表发到您的群组，并响应 /stats 命令。' },
    },
    plansTitle: '适合各种规模的套餐',
    plansText: '从一个免费站点开始，流量增长后再升级。支持 USDT 支付。',
    plansLink: '查看价格',
    contactTitle: '联系我们',
  },
};

addMessages({ en, zh });
