/**
 * Every message a user can see from a schema or the server, in both interface languages. The
 * schemas and services write English (the API's language and the `en` text); this catalogue gives
 * the Chinese, and names fields as the forms label them. The server answers in the language of the
 * `language` cookie the web app keeps (else Accept-Language); the web checks forms with the same
 * schemas and shows their messages through the same functions.
 */
export type MessageLanguage = 'zh' | 'en';

/**
 * Fixed messages: English as written in the schemas and services → Chinese. The seed's error catalogue
 * fixes some texts exactly ('Verification failed, please Login again.' on an info fetch failure): those
 * stay as the seed writes them, in both languages.
 */
const FIXED: Record<string, string> = {
  // 队列监控 (queue.ts)
  'not a queue name': '不是队列名称',
  'give ids or all, not both': '请指定任务 ID 或全部，二者选一',
  required: '必填',
  invalid: '无效',
  'contains control characters': '不能包含控制字符',
  'contains a NUL character': '不能包含 NUL 字符',
  'is not valid Unicode (a lone surrogate)': '不是有效的 Unicode 文本（含孤立的代理项）',
  'not a valid email address': '不是有效的邮箱地址',
  'letters, digits, _ . - or Chinese characters': '只能包含字母、数字、_ . - 或汉字',
  'letters, digits, _ or -': '只能包含字母、数字、_ 或 -',
  '6 digits': '应为 6 位数字',
  'digits only, 1 to 62': '只能是 1 到 62 位数字',
  'not a valid domain': '不是有效的域名',
  'at least one domain': '至少填写一个域名',
  'unknown time zone': '未知的时区',
  'not an IP address or CIDR range': '不是 IP 地址或 CIDR 网段',
  'a host name or http(s) origin, without a path': '应为主机名或 http(s) 源地址，不带路径',
  'must be an http(s) address': '必须是 http(s) 地址',
  'must be an http(s), tg: or mailto: address, or a path on this site':
    '必须是 http(s)、tg:、mailto: 地址，或本站路径',
  'must be an uploaded file (/uploads/…) or an http(s) address':
    '必须是已上传的文件（/uploads/…）或 http(s) 地址',
  'not a date': '不是有效的日期',
  'YYYY-MM-DD': '格式应为 YYYY-MM-DD',
  'required for a custom range': '自定义时间段时必填',
  'before from': '不能早于开始日期',
  'not an http(s) URL': '不是 http(s) 网址',
  'is a reserved word': '是保留字，不能使用',
  'must be an absolute http(s) address': '必须是完整的 http(s) 网址',
  // Services
  'wrong password': '密码错误',
  'must differ from the old password': '不能与当前密码相同',
  'already registered': '已被注册',
  'already taken': '已被占用',
  'unknown invite code': '邀请码不存在',
  'wrong code': '验证码错误',
  'expired or not requested, please request a new code': '验证码已过期或未发送，请重新获取',
  'too many attempts, please request a new code': '尝试次数过多，请重新获取验证码',
  'code already used': '验证码已被使用',
  'wrong or expired captcha, please try a new one': '图形验证码错误或已过期，请换一张',
  'no such category': '分类不存在',
  'a category with this name exists': '已有同名分类',
  'no such group': '分组不存在',
  'the group belongs to another user': '该分组属于其他用户',
  'choose at least one file': '请至少选择一个文件',
  'malformed multipart/form-data body': 'multipart/form-data 请求体格式错误',
  'send multipart/form-data with one or more "file" parts':
    '请以 multipart/form-data 上传一个或多个 "file" 部分',
  'Account and password are incorrect.': '账号或密码错误。',
  'This account is disabled.': '该账号已被停用。',
  'This account has been banned. Please contact support.': '该账号已被封禁，请联系客服。',
  'choose at least one role': '请至少选择一个角色',
  'each role once': '每个角色只能选一次',
  'you cannot remove your own admin role': '不能移除自己的管理员角色',
  'you cannot ban yourself': '不能封禁自己',
  'the last active admin must stay an admin': '最后一个有效的管理员不能被移除管理员角色',
  'the last active admin cannot be banned': '最后一个有效的管理员不能被封禁',
  'User not found': '用户不存在',
  'Session not found': '会话不存在',
  'Registration is closed.': '注册已关闭。',
  'This share link does not exist or was revoked.': '该分享链接不存在或已被撤销。',
  'Too many requests, please try again later.': '请求过于频繁，请稍后再试。',
  'Please wait before asking for another code.': '请稍后再获取验证码。',
  'SMTP: the server refused the user name or password.': 'SMTP：服务器拒绝了用户名或密码。',
  'SMTP: the server did not accept the mail.': 'SMTP：邮件服务器没有接受这封邮件。',
  'SMTP: no mail server answered at this host and port.': 'SMTP：该主机和端口上没有可用的邮件服务器。',
  'No site selected': '未选择站点',
  Forbidden: '没有权限',
  'Internal Server Error': '服务器内部错误',
  'Invalid input': '输入无效',
  'Not found': '未找到',
  'site not found': '站点不存在',
  'Article not found': '文章不存在',
  'Category not found': '分类不存在',
  'Short link not found': '短链不存在',
  'visit not found': '访问记录不存在',
  // Money (money.ts, the ledger)
  // Plans, coupons and orders (billing.ts)
  'an amount in USDT such as 12.5, at most 6 decimals, 0 or more':
    '应为 USDT 金额，例如 12.5，最多 6 位小数，可为 0',
  'this plan is not sold for this period': '该套餐不出售此周期',
  'no such coupon': '优惠券不存在',
  'no such plan': '套餐不存在',
  'this coupon is not valid now': '该优惠券当前不可用',
  'this coupon does not apply to this plan or period': '该优惠券不适用于此套餐或周期',
  'this coupon has been used up': '该优惠券已被用完',
  'you have used this coupon as often as allowed': '您使用该优惠券的次数已达上限',
  'You already have an unpaid order; pay or cancel it first.': '您有一笔未支付的订单，请先支付或取消。',
  'This order is not waiting for payment.': '该订单不在待支付状态。',
  'Only a paid order can be refunded.': '只有已支付的订单可以退款。',
  'Only the latest paid order of a user can be refunded (a later order builds on it).':
    '只能退款该用户最近一笔已支付订单（之后的订单基于它）。',
  'you already own this plan for life': '您已永久拥有该套餐',
  'the free plan cannot be deleted or hidden': '免费套餐不能删除或隐藏',
  'a plan with orders or subscribers cannot be deleted; hide it instead':
    '有订单或订阅的套餐不能删除，请改为隐藏',
  'required for a fixed-amount coupon': '固定金额优惠券必填',
  'required for a percent coupon': '百分比优惠券必填',
  '3 to 32 letters, digits, _ or -': '3 到 32 个字母、数字、_ 或 -',
  'this code exists already': '该券码已存在',
  'before the start': '不能早于开始时间',
  'an amount in USDT such as 12.5, at most 6 decimals': '应为 USDT 金额，如 12.5，最多 6 位小数',
  'must be more than 0': '必须大于 0',
  'must not be 0': '不能为 0',
  'too large': '数值过大',
  'Insufficient balance.': '余额不足。',
  'This operation was already applied.': '该操作已处理过。',
  'Insufficient commission balance.': '佣金余额不足。',
  'Moving commission to the balance is closed.': '佣金转入余额功能已关闭。',
  'There is no commission to move.': '没有可转入的佣金。',
  'The site is closed. 站点已关闭。': '站点已关闭。',
  // Support tickets (tickets.ts)
  'This ticket is closed; open a new one.': '该工单已关闭，如需帮助请新建工单。',
  'No such ticket': '工单不存在',
  // Telegram bots and groups
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
  // Finance (tron.ts, finance.ts, modules/finance)
  'not a TRON address (34 characters starting with T)': '不是 TRON 地址（应为以 T 开头的 34 个字符）',
  'not a valid TRON address: the checksum does not match (a typo?)':
    '不是有效的 TRON 地址：校验和不符（是否输错了？）',
  'a transaction hash: 64 hexadecimal characters': '应为交易哈希：64 位十六进制字符',
  'choose a recharge or a user': '请选择一个充值订单或一个用户',
  'This address has live recharges; disable it once they have ended.':
    '该地址仍有进行中的充值，请在它们结束后再停用。',
  'This address is listed already.': '该地址已存在。',
  'an address cannot be changed; add a new one': '地址不能修改，请新增一个地址',
  'Recharging is closed: no receiving address is enabled.': '充值已关闭：没有启用的收款地址。',
  'Too many recharges of this amount are waiting; try a slightly different amount.':
    '该金额的待支付充值过多，请换一个略有不同的金额。',
  'This recharge can no longer be cancelled.': '该充值已无法取消。',
  'This recharge is paid already.': '该充值已支付。',
  'This transfer is matched or assigned already.': '该转账已匹配或已指派。',
  'This withdrawal is not in a state that allows this.': '该提现当前的状态不允许此操作。',
  'This transaction is not a USDT transfer to the withdrawal address.':
    '该交易不是转入提现地址的 USDT 转账。',
  'This transaction paid another address, not the withdrawal address.': '该交易的收款地址不是本提现的地址。',
};

/** Messages with a number or a name in them. */
const PATTERNS: [RegExp, (...groups: string[]) => string][] = [
  [/^at most (\d+) characters$/, (n) => `最多 ${n} 个字符`],
  [/^at least (\d+) characters$/, (n) => `至少 ${n} 个字符`],
  [/^at most (\d+) days$/, (n) => `最多 ${n} 天`],
  [/^by hour for at most (\d+) days$/, (n) => `按小时查看最多 ${n} 天`],
  [/^at most (\d+) files at once$/, (n) => `一次最多上传 ${n} 个文件`],
  [/^(.+): larger than (.+)$/, (name, size) => `${name}：超过 ${size}`],
  [/^(.+) is larger than the upload limit of (.+)$/, (name, size) => `${name} 超过了上传上限 ${size}`],
  [
    /^(.+): the content is not an image \(PNG, JPEG, GIF, WebP, AVIF, BMP\)$/,
    (name) => `${name}：内容不是图片（PNG、JPEG、GIF、WebP、AVIF、BMP）`,
  ],
  [/^(.+): the content is not an accepted type$/, (name) => `${name}：不支持的文件类型`],
  [/^Please wait (\d+) s before asking for another code\.$/, (n) => `请等待 ${n} 秒后再获取验证码。`],
  [/^group not found$/, () => '分组不存在'],
  [
    /^Your plan (.+) allows (\d+) sites?; upgrade to add more\.$/,
    (plan, n) => `您的套餐 ${plan} 最多可添加 ${n} 个站点，请升级套餐后再添加。`,
  ],
  [
    /^Your plan (.+) allows (\d+) bots?; upgrade to add more\.$/,
    (plan, n) => `您的套餐 ${plan} 最多可添加 ${n} 个机器人，请升级套餐后再添加。`,
  ],
  [
    /^Too many failed sign-ins from this address; try again in (\d+) s\.$/,
    (n) => `登录失败次数过多，请 ${n} 秒后再试。`,
  ],
  [
    /^smtp_port: (\d+) is not a mail port \((.*)\)\.$/,
    (port, list) => `端口 ${port} 不是邮件端口（${list}）。`,
  ],
  [/^not a mail port \((.*)\)$/, (list) => `不是邮件端口（${list}）`],
  [/^at least ([\d.]+) USDT$/, (n) => `至少 ${n} USDT`],
  [/^at most ([\d.]+) USDT$/, (n) => `最多 ${n} USDT`],
  [
    /^This transaction paid ([\d.]+) USDT; the withdrawal is ([\d.]+) USDT\.$/,
    (paid, asked) => `该交易转账 ${paid} USDT，与提现金额 ${asked} USDT 不符。`,
  ],
  [/^This transaction hash already paid withdrawal #(\d+)\.$/, (id) => `该交易哈希已用于提现 #${id}。`],
  [/^over the daily limit: ([\d.]+) USDT left today$/, (n) => `超出每日提现额度：今日还可提现 ${n} USDT`],
];

/**
 * A schema's or service's English message in `lang` (unknown messages stay as they are). `zhTerms`:
 * names inside it that have their own Chinese (a plan's name, English → Chinese); a part the pattern
 * captured that is such a name is worded with its Chinese (the first such part, so a plan named "5"
 * leaves the number after it alone).
 */
export function localizeMessage(
  message: string,
  lang: MessageLanguage,
  zhTerms?: Readonly<Record<string, string>>,
): string {
  if (lang === 'en') return message;
  const fixed = FIXED[message];
  if (fixed !== undefined) return fixed;
  for (const [pattern, zh] of PATTERNS) {
    const m = pattern.exec(message);
    if (!m) continue;
    const parts = m.slice(1);
    for (const [en, name] of Object.entries(zhTerms ?? {})) {
      const at = parts.indexOf(en);
      if (at >= 0 && name) parts[at] = name;
    }
    return zh(...parts);
  }
  return message;
}

/** Whether a message has its own Chinese text (the catalogue test walks every schema with this). */
export function hasTranslation(message: string): boolean {
  return FIXED[message] !== undefined || PATTERNS.some(([pattern]) => pattern.test(message));
}

/** The parts of a zod issue the wording needs (kept structural: the web must not load zod for it). */
export interface IssueLike {
  code?: string;
  message?: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  format?: string;
  values?: readonly unknown[];
  keys?: readonly string[];
  expected?: string;
  input?: unknown;
}

/**
 * A zod issue in `lang`. A message the schema wrote is in the catalogue; one zod made up itself (no
 * message given) is worded here from the issue's code, in English too, so no user reads
 * "Invalid input: expected string, received undefined".
 */
export function localizeIssue(issue: IssueLike, lang: MessageLanguage): string {
  const message = issue.message ?? '';
  if (hasTranslation(message)) return localizeMessage(message, lang);
  const zh = lang === 'zh';
  const chars = issue.origin === 'string';
  const items = issue.origin === 'array' || issue.origin === 'set';
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined && /received undefined$/.test(message)) return zh ? '必填' : 'required';
      return zh ? '格式不正确' : 'invalid value';
    case 'too_small': {
      const n = String(issue.minimum);
      if (chars)
        return n === '1' ? (zh ? '必填' : 'required') : zh ? `至少 ${n} 个字符` : `at least ${n} characters`;
      if (items) return zh ? `至少 ${n} 项` : `at least ${n} items`;
      return zh ? `不能小于 ${n}` : `at least ${n}`;
    }
    case 'too_big': {
      const n = String(issue.maximum);
      if (chars) return zh ? `最多 ${n} 个字符` : `at most ${n} characters`;
      if (items) return zh ? `最多 ${n} 项` : `at most ${n} items`;
      return zh ? `不能大于 ${n}` : `at most ${n}`;
    }
    case 'invalid_format':
      if (issue.format === 'email') return localizeMessage('not a valid email address', lang);
      if (issue.format === 'url') return zh ? '不是有效的网址' : 'not a valid URL';
      return zh ? '格式不正确' : 'invalid format';
    case 'invalid_value':
      return zh
        ? `应为以下之一：${(issue.values ?? []).join('、')}`
        : `one of: ${(issue.values ?? []).join(', ')}`;
    case 'unrecognized_keys':
      return zh
        ? `不支持的字段：${(issue.keys ?? []).join('、')}`
        : `unknown fields: ${(issue.keys ?? []).join(', ')}`;
    case 'not_multiple_of':
      return zh ? '数值不符合要求' : 'not an allowed value';
    default:
      return zh ? '输入无效' : 'invalid';
  }
}

/** Field names as the forms label them; a nested path (`domains.0`) takes its first part's label. */
const FIELD_LABELS: Record<string, { zh: string; en: string }> = {
  // Admin calls of 用户管理, 队列监控, 短链管理 and the Telegram groups
  session_id: { zh: '会话', en: 'Session' },
  queue: { zh: '队列', en: 'Queue' },
  target: { zh: '目标地址', en: 'Target' },
  language: { zh: '语言', en: 'Language' },
  site_id: { zh: '站点', en: 'Site' },
  text: { zh: '消息内容', en: 'Message' },
  all: { zh: '全部', en: 'All' },
  paused: { zh: '暂停', en: 'Paused' },
  expires_at: { zh: '过期时间', en: 'Expires' },
  max_visits: { zh: '最多访问次数', en: 'Maximum visits' },
  bot_token: { zh: '机器人令牌', en: 'Bot token' },
  weekday: { zh: '星期', en: 'Weekday' },
  time: { zh: '时间', en: 'Time' },
  schedule: { zh: '报告频率', en: 'Schedule' },
  // Plans, coupons, orders (billing.ts)
  name_zh: { zh: '名称（中文）', en: 'Name (Chinese)' },
  name_en: { zh: '名称（英文）', en: 'Name (English)' },
  description_zh: { zh: '描述（中文）', en: 'Description (Chinese)' },
  description_en: { zh: '描述（英文）', en: 'Description (English)' },
  prices: { zh: '价格', en: 'Prices' },
  limits: { zh: '套餐限制', en: 'Limits' },
  on_sale: { zh: '上架', en: 'On sale' },
  percent: { zh: '百分比', en: 'Percent' },
  plan_ids: { zh: '适用套餐', en: 'Plans' },
  periods: { zh: '适用周期', en: 'Periods' },
  total_limit: { zh: '总次数', en: 'Total uses' },
  per_user_limit: { zh: '每人次数', en: 'Uses per user' },
  starts_at: { zh: '开始时间', en: 'Starts' },
  ends_at: { zh: '结束时间', en: 'Ends' },
  shown: { zh: '在优惠页展示', en: 'Shown on /discount' },
  note_zh: { zh: '说明（中文）', en: 'Note (Chinese)' },
  note_en: { zh: '说明（英文）', en: 'Note (English)' },
  code: { zh: '券码', en: 'Code' },
  count: { zh: '数量', en: 'How many' },
  prefix: { zh: '前缀', en: 'Prefix' },
  plan_id: { zh: '套餐', en: 'Plan' },
  period: { zh: '周期', en: 'Period' },
  coupon: { zh: '优惠码', en: 'Coupon code' },
  note: { zh: '备注', en: 'Note' },
  // Signed-out forms, profile, share page
  username: { zh: '用户名', en: 'Username' },
  email: { zh: '邮箱', en: 'Email' },
  password: { zh: '密码', en: 'Password' },
  old_password: { zh: '当前密码', en: 'Current password' },
  new_password: { zh: '新密码', en: 'New password' },
  email_code: { zh: '邮箱验证码', en: 'Email code' },
  invite_code: { zh: '邀请码', en: 'Invite code' },
  captcha: { zh: '验证码', en: 'Captcha' },
  captcha_id: { zh: '验证码', en: 'Captcha' },
  token: { zh: '分享链接', en: 'Share link' },
  purpose: { zh: '用途', en: 'Purpose' },
  roles: { zh: '角色', en: 'Roles' },
  // Sites and groups
  id: { zh: '编号', en: 'ID' },
  ids: { zh: '所选项', en: 'Selection' },
  site_ids: { zh: '站点', en: 'Sites' },
  name: { zh: '名称', en: 'Name' },
  domains: { zh: '域名', en: 'Domains' },
  group_id: { zh: '分组', en: 'Group' },
  timezone: { zh: '时区', en: 'Time zone' },
  ignored_ips: { zh: '排除的 IP', en: 'Ignored IPs' },
  cookieless: { zh: '无 Cookie 统计', en: 'Cookieless' },
  respect_dnt: { zh: '遵循“请勿跟踪”', en: 'Respect Do Not Track' },
  mask_ip: { zh: '隐藏 IP 末段', en: 'Mask IP addresses' },
  enabled: { zh: '启用', en: 'Enabled' },
  status: { zh: '状态', en: 'Status' },
  action: { zh: '操作', en: 'Action' },
  // Files and articles
  file: { zh: '文件', en: 'File' },
  confirm: { zh: '确认', en: 'Confirmation' },
  title: { zh: '标题', en: 'Title' },
  summary: { zh: '摘要', en: 'Summary' },
  cover: { zh: '封面', en: 'Cover' },
  content: { zh: '内容', en: 'Content' },
  category_id: { zh: '分类', en: 'Category' },
  pinned: { zh: '置顶', en: 'Pinned' },
  publish_at: { zh: '发布时间', en: 'Publish time' },
  sort: { zh: '排序', en: 'Order' },
  // System settings (as their tabs label them)
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
  order: { zh: '排序', en: 'Order' },
  events_retention_days: { zh: '原始事件保留天数', en: 'Raw events kept (days)' },
  position: { zh: '位置', en: 'Position' },
  webclose: { zh: '关闭网站', en: 'Close the site' },
  smtp_secure: { zh: '直接使用 TLS', en: 'TLS from the start' },
  registration_open: { zh: '开放注册', en: 'Registration open' },
  register_email_code: { zh: '注册需要邮箱验证码', en: 'Email code required to register' },
  register_invite_required: { zh: '注册需要邀请码', en: 'Invite code required to register' },
  crypt_enabled: { zh: '加密响应数据', en: 'Encrypt responses' },
  amount: { zh: '金额', en: 'Amount' },
  request_id: { zh: '请求编号', en: 'Request ID' },
  // Finance
  address: { zh: '地址', en: 'Address' },
  label: { zh: '备注名', en: 'Label' },
  reason: { zh: '原因', en: 'Reason' },
  tx_id: { zh: '交易哈希', en: 'Transaction hash' },
  recharge_id: { zh: '充值订单', en: 'Recharge' },
  user_id: { zh: '用户', en: 'User' },
  recharge_min: { zh: '最低充值金额 (USDT)', en: 'Minimum recharge (USDT)' },
  recharge_max: { zh: '最高充值金额 (USDT)', en: 'Maximum recharge (USDT)' },
  recharge_expiry_minutes: { zh: '充值有效期（分钟）', en: 'Recharge expiry (minutes)' },
  recharge_grace_minutes: { zh: '过期宽限（分钟）', en: 'Grace after expiry (minutes)' },
  usdt_only_confirmed: { zh: '仅入账已确认的转账', en: 'Credit confirmed transfers only' },
  trongrid_base_url: { zh: 'TronGrid 地址', en: 'TronGrid base URL' },
  trongrid_api_key: { zh: 'TronGrid API 密钥', en: 'TronGrid API key' },
  trongrid_rate: { zh: 'TronGrid 每秒请求数', en: 'TronGrid requests per second' },
  usdt_contract: { zh: 'USDT 合约地址', en: 'USDT contract address' },
  withdrawal_min: { zh: '最低提现金额 (USDT)', en: 'Minimum withdrawal (USDT)' },
  withdrawal_fee: { zh: '提现手续费 (USDT)', en: 'Withdrawal fee (USDT)' },
  withdrawal_daily_limit: {
    zh: '每日提现额度 (USDT，0 为不限)',
    en: 'Daily withdrawal limit (USDT, 0: none)',
  },
  commission_rate: { zh: '返利比例 (%)', en: 'Commission rate (%)' },
  commission_delay_hours: { zh: '返利发放延迟（小时）', en: 'Commission delay (hours)' },
  commission_transfer_open: { zh: '允许佣金转入余额', en: 'Commission may be moved to the balance' },
  kind: { zh: '类型', en: 'Type' },
  subject: { zh: '主题', en: 'Subject' },
  priority: { zh: '优先级', en: 'Priority' },
  account: { zh: '账户', en: 'Account' },
  from: { zh: '开始日期', en: 'From' },
  // Where zod could not name a field
  body: { zh: '请求内容', en: 'Request' },
  querystring: { zh: '查询参数', en: 'Query' },
};

/** A field of a 422 answer as its form labels it (an unknown field keeps its name). */
export function fieldLabel(field: string, lang: MessageLanguage): string {
  const label = FIELD_LABELS[field] ?? FIELD_LABELS[field.split('.')[0] ?? ''];
  return label ? label[lang] : field;
}
