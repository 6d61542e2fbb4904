import type { AreaMessages } from './area.js';

/** Plans, coupons, orders and the plan limits (billing.ts, modules/billing). */
export const billingMessages: AreaMessages = {
  area: 'billing',
  fixed: {
    'an amount in USDT such as 12.5, at most 6 decimals, 0 or more':
      '应为 USDT 金额，例如 12.5，最多 6 位小数，可为 0',
    'this plan is not sold for this period': '该套餐不出售此周期',
    'no such coupon': '优惠券不存在',
    'no such plan': '套餐不存在',
    'No such order': '订单不存在',
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
  },
  patterns: [
    [
      /^Your plan (.+) allows (\d+) sites?; upgrade to add more\.$/,
      (plan, n) => `您的套餐 ${plan} 最多可添加 ${n} 个站点，请升级套餐后再添加。`,
    ],
    [
      /^Your plan (.+) allows (\d+) bots?; upgrade to add more\.$/,
      (plan, n) => `您的套餐 ${plan} 最多可添加 ${n} 个机器人，请升级套餐后再添加。`,
    ],
  ],
  fields: {
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
  },
};
