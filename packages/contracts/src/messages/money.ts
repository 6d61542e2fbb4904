import type { AreaMessages } from './area.js';

/** Amounts and the ledger: balances, commission (money.ts, ledger.ts, invites.ts, modules/ledger). */
export const moneyMessages: AreaMessages = {
  area: 'money',
  fixed: {
    'an amount in USDT such as 12.5, at most 6 decimals': '应为 USDT 金额，如 12.5，最多 6 位小数',
    'must be more than 0': '必须大于 0',
    'must not be 0': '不能为 0',
    'Insufficient balance.': '余额不足。',
    'This operation was already applied.': '该操作已处理过。',
    'Insufficient commission balance.': '佣金余额不足。',
    'Moving commission to the balance is closed.': '佣金转入余额功能已关闭。',
    'There is no commission to move.': '没有可转入的佣金。',
  },
  fields: {
    account: { zh: '账户', en: 'Account' },
  },
};
