import { FINANCE_STATUS_LABELS } from '@tally/contracts';
import { addMessages } from '../../lib/messages';

const statuses = (lang: 'zh' | 'en') =>
  Object.fromEntries(Object.entries(FINANCE_STATUS_LABELS).map(([k, v]) => [k, v[lang]])) as Record<
    keyof typeof FINANCE_STATUS_LABELS,
    string
  >;

const en = {
  walletFinance: {
    recharge: 'Recharge USDT (TRC20)',
    amount: 'Amount (USDT)',
    range: 'From {{min}} to {{max}} USDT',
    start: 'Get payment address',
    closed: 'Recharging is closed for now.',
    payExactly: 'Send exactly',
    payHint:
      'Send exactly this amount (all 6 decimals) in USDT on TRON (TRC20) to the address below. Another amount cannot be matched automatically.',
    to: 'To address',
    copy: 'Copy',
    copied: 'Copied',
    timeLeft: 'Time left',
    status: 'Status',
    cancel: 'Cancel recharge',
    confirmCancel: 'Cancel this recharge? Do not pay it after cancelling.',
    another: 'New recharge',
    paidNow: 'Received {{amount}} USDT: your balance is updated.',
    withdraw: 'Withdraw USDT (TRC20)',
    address: 'TRC20 address',
    withdrawHint:
      'Minimum {{min}} USDT, fee {{fee}} USDT, up to {{limit}} USDT a day. Amount and fee are held until an admin decides.',
    withdrawNow: 'Withdraw',
    withdrawn: 'Asked to withdraw {{amount}} USDT',
    history: 'My withdrawals',
    noWithdrawals: 'No withdrawals yet',
    statuses: statuses('en'),
  },
};

const zh: typeof en = {
  walletFinance: {
    recharge: 'USDT 充值（TRC20）',
    amount: '金额（USDT）',
    range: '{{min}} 至 {{max}} USDT',
    start: '获取付款地址',
    closed: '暂时无法充值。',
    payExactly: '请准确支付',
    payHint: '请向下方地址转入恰好此金额（含全部 6 位小数）的 TRON（TRC20）USDT，其他金额无法自动入账。',
    to: '收款地址',
    copy: '复制',
    copied: '已复制',
    timeLeft: '剩余时间',
    status: '状态',
    cancel: '取消充值',
    confirmCancel: '确定取消该充值？取消后请勿再付款。',
    another: '新的充值',
    paidNow: '已收到 {{amount}} USDT，余额已更新。',
    withdraw: 'USDT 提现（TRC20）',
    address: 'TRC20 地址',
    withdrawHint:
      '最低 {{min}} USDT，手续费 {{fee}} USDT，每日最多 {{limit}} USDT。金额与手续费在审核期间冻结。',
    withdrawNow: '提现',
    withdrawn: '已申请提现 {{amount}} USDT',
    history: '我的提现',
    noWithdrawals: '暂无提现记录',
    statuses: statuses('zh'),
  },
};

addMessages({ en, zh });
