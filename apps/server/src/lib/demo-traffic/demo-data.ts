/** Sample pools for demo traffic: addresses ip2region places in real provinces, real user agents, referrers. */
export const IP_PREFIXES: [prefix: string, weight: number][] = [
  ['61.135.169', 8], // 北京 联通
  ['111.13.100', 6], // 北京 移动
  ['202.96.134', 9], // 广东 深圳 电信
  ['183.60.92', 8], // 广东 广州 电信
  ['202.96.209', 8], // 上海 电信
  ['223.5.5', 6], // 浙江 杭州
  ['218.2.2', 6], // 江苏 南京
  ['61.139.2', 5], // 四川 成都
  ['202.103.24', 4], // 湖北 武汉
  ['219.146.0', 4], // 山东 济南
  ['61.128.128', 3], // 重庆
  ['222.172.200', 2], // 云南 昆明
  ['202.100.64', 1], // 甘肃 兰州
  ['202.98.0', 1], // 吉林 长春
  ['1.180.0', 1], // 内蒙古
  ['8.8.8', 2], // 美国
  ['133.242.0', 1], // 日本
  ['81.2.69', 1], // 英国
];

export const USER_AGENTS: [ua: string, weight: number][] = [
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
    30,
  ],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87',
    8,
  ],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    20,
  ],
  [
    'Mozilla/5.0 (Linux; Android 13; V2203A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/107.0.5304.141 Mobile Safari/537.36 MicroMessenger/8.0.40.2420(0x28002837) WeChat/arm64 NetType/WIFI Language/zh_CN',
    15,
  ],
  [
    'Mozilla/5.0 (Linux; Android 14; 23049RAD8C) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.230 Mobile Safari/537.36',
    10,
  ],
  [
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
    8,
  ],
  [
    'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
    4,
  ],
  ['Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', 3],
];

export const KEYWORDS = [
  '网站统计',
  '流量分析',
  '访问统计工具',
  'cnzz替代',
  '百度统计',
  '免费统计代码',
  '网站访客',
  'tally analytics',
];

/** `{k}` is replaced by the URL-encoded keyword. */
export const REFERRERS: [url: string, weight: number][] = [
  ['', 35],
  ['https://www.baidu.com/s?wd={k}', 18],
  ['https://www.baidu.com/link?url=Xy7Qm2Lw9', 6],
  ['https://m.baidu.com/s?word={k}', 5],
  ['https://www.sogou.com/web?query={k}', 4],
  ['https://www.so.com/s?q={k}', 3],
  ['https://m.sm.cn/s?q={k}', 3],
  ['https://www.google.com.hk/search?q={k}', 3],
  ['https://cn.bing.com/search?q={k}', 3],
  ['https://weibo.com/u/1234567', 4],
  ['https://www.douyin.com/video/7300000000', 3],
  ['https://www.bilibili.com/video/BV1xx411c7mD', 3],
  ['https://news.ycombinator.com/item?id=1', 2],
  ['https://www.v2ex.com/t/100000', 3],
  ['https://github.com/tally/tally', 2],
  ['https://www.ruanyifeng.com/blog/weekly/', 2],
  // Browsers trim cross-site referrers to the origin: most search clicks arrive like this.
  ['https://www.so.com/', 2],
  ['https://chatgpt.com/c/abc', 1],
  ['https://www.doubao.com/chat/', 1],
];

export const PAGES: [path: string, title: string, weight: number][] = [
  ['/', '首页', 30],
  ['/pricing', '价格', 10],
  ['/docs', '文档', 12],
  ['/docs/install', '安装', 8],
  ['/docs/tracker', '统计代码', 7],
  ['/blog', '博客', 6],
  ['/blog/cnzz-alternative', 'CNZZ 替代方案', 5],
  ['/about', '关于我们', 4],
  ['/contact', '联系我们', 3],
  ['/#/app/dashboard', '控制台', 4],
];

/** Share of a day's visits starting in each local hour: quiet nights, a morning and an evening peak. */
export const HOUR_WEIGHTS = [2, 1, 1, 0.5, 0.5, 0.6, 1, 2, 4, 6, 7, 7, 5, 5, 6, 6, 6, 5, 5, 6, 7, 8, 6, 4];
