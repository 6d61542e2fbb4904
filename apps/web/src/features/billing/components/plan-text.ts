import type { Plan, PlanPeriod } from '@tally/contracts';
import { PLAN_PERIODS } from '@tally/contracts';

/** The plan's name and description in the page's language. */
export const planName = (p: { name_zh: string; name_en: string }, lang: string) =>
  lang.startsWith('zh') ? p.name_zh : p.name_en;
export const planDescription = (p: Plan, lang: string) =>
  lang.startsWith('zh') ? p.description_zh : p.description_en;

/** Periods the plan is sold for, in the contract's order. */
export const soldPeriods = (p: Plan): PlanPeriod[] =>
  PLAN_PERIODS.filter((period) => p.prices[period] !== null);
