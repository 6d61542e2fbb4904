import {
  COUPON_KIND_LABELS,
  type Coupon,
  ORDER_KIND_LABELS,
  ORDER_STATUS_LABELS,
  type Order,
  PERIOD_LABELS,
} from '@tally/contracts';
import type { CsvColumn, CsvSpec } from '../../lib/csv-export.js';

/** The CSV columns of 订单管理, 我的订单 and 优惠券管理 (lib/csv-export.ts writes them). */
const usdt = (zh: string, en: string) => ({ zh: `${zh} (USDT)`, en: `${en} (USDT)` });

const ORDER_COLUMNS: CsvColumn<Order>[] = [
  { key: 'id' },
  { key: 'no' },
  { key: 'user_id' },
  { key: 'username' },
  {
    key: 'plan_name_zh',
    label: { zh: '套餐', en: 'Plan' },
    value: (o, lang) => (lang === 'zh' ? o.plan_name_zh : o.plan_name_en),
  },
  { key: 'period', labels: PERIOD_LABELS },
  { key: 'kind', labels: ORDER_KIND_LABELS },
  { key: 'status', labels: ORDER_STATUS_LABELS },
  { key: 'price', label: usdt('价格', 'Price') },
  { key: 'discount', label: usdt('优惠', 'Discount') },
  { key: 'credit', label: usdt('抵扣', 'Credit') },
  { key: 'total', label: usdt('实付', 'Total') },
  { key: 'coupon_code' },
  { key: 'created_at', time: true },
  { key: 'paid_at', time: true },
  { key: 'expires_at', time: true },
  { key: 'cancelled_at', time: true },
  { key: 'refunded_at', time: true },
];

export const ORDER_CSV: CsvSpec<Order> = { file: 'orders', columns: ORDER_COLUMNS };
export const OWN_ORDER_CSV: CsvSpec<Order> = {
  ...ORDER_CSV,
  columns: ORDER_COLUMNS.filter((c) => c.key !== 'user_id' && c.key !== 'username'),
};

export const COUPON_CSV: CsvSpec<Coupon> = {
  file: 'coupons',
  columns: [
    { key: 'id' },
    { key: 'code' },
    { key: 'kind', labels: COUPON_KIND_LABELS },
    { key: 'amount', label: usdt('金额', 'Amount') },
    { key: 'percent' },
    { key: 'periods', labels: PERIOD_LABELS },
    { key: 'total_limit' },
    { key: 'per_user_limit' },
    { key: 'used' },
    { key: 'starts_at', time: true },
    { key: 'ends_at', time: true },
    { key: 'shown' },
    { key: 'enabled' },
    { key: 'note_zh' },
    { key: 'note_en' },
    { key: 'created_at', time: true },
  ],
};
