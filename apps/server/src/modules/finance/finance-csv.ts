import {
  FINANCE_STATUS_LABELS,
  type RechargeRow,
  type UsdtAddressRow,
  type UsdtTransferRow,
  type WithdrawalRow,
} from '@tally/contracts';
import type { CsvColumn, CsvSpec } from '../../lib/csv-export.js';

/** The CSV columns of USDT管理, USDT转账记录, 充值记录 and 提现记录 (lib/csv-export.ts writes them). */
const status = { key: 'status', labels: FINANCE_STATUS_LABELS } as const;
const usdt = (zh: string, en: string) => ({ zh: `${zh} (USDT)`, en: `${en} (USDT)` });

export const ADDRESS_CSV: CsvSpec<UsdtAddressRow> = {
  file: 'usdt-addresses',
  columns: [
    { key: 'id' },
    { key: 'address' },
    { key: 'label' },
    { key: 'enabled' },
    { key: 'last_balance', label: usdt('最近余额', 'Last balance') },
    { key: 'last_balance_at', time: true },
    { key: 'live_recharges' },
    { key: 'created_at', time: true },
  ],
};

export const TRANSFER_CSV: CsvSpec<UsdtTransferRow> = {
  file: 'usdt-transfers',
  columns: [
    { key: 'id' },
    { key: 'tx_id' },
    { key: 'event_index' },
    { key: 'from_address' },
    { key: 'to_address' },
    { key: 'amount', label: usdt('金额', 'Amount') },
    { key: 'block_time', time: true },
    status,
    { key: 'recharge_id' },
    { key: 'user_id' },
    { key: 'confirmed' },
    { key: 'vanished_at', time: true },
    { key: 'note' },
    { key: 'created_at', time: true },
  ],
};

const RECHARGE_COLUMNS: CsvColumn<RechargeRow>[] = [
  { key: 'id' },
  { key: 'order_no' },
  { key: 'user_id' },
  { key: 'username' },
  { key: 'amount', label: usdt('金额', 'Amount') },
  { key: 'payable', label: usdt('应付金额', 'Payable') },
  { key: 'address' },
  status,
  { key: 'tx_id' },
  { key: 'expires_at', time: true },
  { key: 'paid_at', time: true },
  { key: 'created_at', time: true },
];

const WITHDRAWAL_COLUMNS: CsvColumn<WithdrawalRow>[] = [
  { key: 'id' },
  { key: 'user_id' },
  { key: 'username' },
  { key: 'amount', label: usdt('金额', 'Amount') },
  { key: 'fee', label: usdt('手续费', 'Fee') },
  { key: 'address' },
  status,
  { key: 'reason' },
  { key: 'tx_id' },
  { key: 'created_at', time: true },
  { key: 'decided_at', time: true },
  { key: 'paid_at', time: true },
  { key: 'chain_verified_at', time: true },
];

/** A user's own list leaves out who (it is them). */
const own = <Row>(columns: CsvColumn<Row>[]) =>
  columns.filter((c) => c.key !== 'user_id' && c.key !== 'username');

export const RECHARGE_CSV: CsvSpec<RechargeRow> = { file: 'recharges', columns: RECHARGE_COLUMNS };
export const OWN_RECHARGE_CSV: CsvSpec<RechargeRow> = { file: 'recharges', columns: own(RECHARGE_COLUMNS) };
export const WITHDRAWAL_CSV: CsvSpec<WithdrawalRow> = { file: 'withdrawals', columns: WITHDRAWAL_COLUMNS };
export const OWN_WITHDRAWAL_CSV: CsvSpec<WithdrawalRow> = {
  file: 'withdrawals',
  columns: own(WITHDRAWAL_COLUMNS),
};
