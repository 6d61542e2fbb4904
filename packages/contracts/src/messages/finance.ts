import type { AreaMessages } from './area.js';

/** USDT recharges, transfers, withdrawals and their settings (tron.ts, finance.ts, modules/finance). */
export const financeMessages: AreaMessages = {
  area: 'finance',
  fixed: {
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
    'Too many recharges asked for in the last hour; please try again later.':
      '最近一小时内发起的充值过多，请稍后再试。',
    'This recharge can no longer be cancelled.': '该充值已无法取消。',
    'This recharge is paid already.': '该充值已支付。',
    'This transfer is matched or assigned already.': '该转账已匹配或已指派。',
    'This withdrawal is not in a state that allows this.': '该提现当前的状态不允许此操作。',
    'This transaction is not a USDT transfer to the withdrawal address.':
      '该交易不是转入提现地址的 USDT 转账。',
    'This transaction paid another address, not the withdrawal address.':
      '该交易的收款地址不是本提现的地址。',
  },
  patterns: [
    [/^at least ([\d.]+) USDT$/, (n) => `至少 ${n} USDT`],
    [/^at most ([\d.]+) USDT$/, (n) => `最多 ${n} USDT`],
    [
      /^This transaction paid ([\d.]+) USDT; the withdrawal is ([\d.]+) USDT\.$/,
      (paid, asked) => `该交易转账 ${paid} USDT，与提现金额 ${asked} USDT 不符。`,
    ],
    [/^This transaction hash already paid withdrawal #(\d+)\.$/, (id) => `该交易哈希已用于提现 #${id}。`],
    [/^over the daily limit: ([\d.]+) USDT left today$/, (n) => `超出每日提现额度：今日还可提现 ${n} USDT`],
    [
      /^You have (\d+) recharges waiting for payment; pay or cancel one first\.$/,
      (n) => `您已有 ${n} 笔待支付的充值，请先支付或取消其中一笔。`,
    ],
  ],
  fields: {
    address: { zh: '地址', en: 'Address' },
    label: { zh: '备注名', en: 'Label' },
    reason: { zh: '原因', en: 'Reason' },
    tx_id: { zh: '交易哈希', en: 'Transaction hash' },
    recharge_id: { zh: '充值订单', en: 'Recharge' },
    recharge_min: { zh: '最低充值金额 (USDT)', en: 'Minimum recharge (USDT)' },
    recharge_max: { zh: '最高充值金额 (USDT)', en: 'Maximum recharge (USDT)' },
    recharge_expiry_minutes: { zh: '充值有效期（分钟）', en: 'Recharge expiry (minutes)' },
    recharge_grace_minutes: { zh: '过期宽限（分钟）', en: 'Grace after expiry (minutes)' },
    // The label is the setting's only text in 系统设置: it carries the warning.
    usdt_only_confirmed: {
      zh: '仅入账已确认的转账（建议开启：关闭后未确认的转账即入账，可能被链上回滚）',
      en: 'Credit confirmed transfers only (keep on: when off, unconfirmed transfers are credited and may be rolled back)',
    },
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
  },
};
