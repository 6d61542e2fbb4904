import { LEDGER_ACCOUNT_LABELS, LEDGER_KIND_LABELS } from '@tally/contracts';
import { addMessages } from '../../lib/messages';

const labels = <K extends string>(table: Record<K, { zh: string; en: string }>, lang: 'zh' | 'en') =>
  Object.fromEntries(
    Object.entries(table).map(([k, v]) => [k, (v as { zh: string; en: string })[lang]]),
  ) as Record<K, string>;

const en = {
  wallet: {
    title: 'My wallet',
    balance: 'Balance',
    commission: 'Commission',
    unit: 'USDT',
    transfer: 'Move to balance',
    transferTitle: 'Move commission to the balance',
    transferHint: 'Available commission: {{amount}} USDT',
    transferClosed: 'Moving commission to the balance is closed.',
    amount: 'Amount (USDT)',
    all: 'All',
    confirm: 'Move',
    cancel: 'Cancel',
    transferred: 'Moved {{amount}} USDT to the balance',
    ledger: 'Statement',
    time: 'Time',
    account: 'Account',
    kind: 'Type',
    change: 'Amount',
    balanceAfter: 'Balance after',
    note: 'Note',
    allKinds: 'All types',
    allAccounts: 'All accounts',
    export: 'Export CSV',
    empty: 'No entries yet',
    total_one: '{{count}} entry',
    total: '{{count}} entries',
    kinds: labels(LEDGER_KIND_LABELS, 'en'),
    accounts: labels(LEDGER_ACCOUNT_LABELS, 'en'),
  },
};

const zh: typeof en = {
  wallet: {
    title: '我的钱包',
    balance: '账户余额',
    commission: '佣金余额',
    unit: 'USDT',
    transfer: '转入余额',
    transferTitle: '佣金转入余额',
    transferHint: '可转佣金：{{amount}} USDT',
    transferClosed: '佣金转入余额功能已关闭。',
    amount: '金额（USDT）',
    all: '全部',
    confirm: '确认转入',
    cancel: '取消',
    transferred: '已将 {{amount}} USDT 转入余额',
    ledger: '资金明细',
    time: '时间',
    account: '账户',
    kind: '类型',
    change: '金额',
    balanceAfter: '变动后余额',
    note: '备注',
    allKinds: '全部类型',
    allAccounts: '全部账户',
    export: '导出 CSV',
    empty: '暂无资金明细',
    total_one: '共 {{count}} 条',
    total: '共 {{count}} 条',
    kinds: labels(LEDGER_KIND_LABELS, 'zh'),
    accounts: labels(LEDGER_ACCOUNT_LABELS, 'zh'),
  },
};

addMessages({ en, zh });
