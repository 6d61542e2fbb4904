import {
  type AllRow,
  type AreaLanguage,
  areaText,
  type DimRow,
  deviceName,
  engineName,
  type IpRow,
  METRIC_KEYS,
  type Metrics,
  type PageMetrics,
  type PageRow,
  placeName,
  REFERRER_CATEGORY_LABELS,
  type TrendPoint,
  type VisitRow,
  YES_NO_LABELS,
} from '@tally/contracts';
import { romanize } from '../../lib/romanize.js';
import type { CsvColumn } from './csv.js';
import { localTimestamp } from './local-timestamp.js';

const RATES = new Set(['bounce_rate', 'exit_rate', 'ratio']);

function metricColumns<T>(pick: (row: T) => Metrics | undefined, prefix = ''): CsvColumn<T>[] {
  return METRIC_KEYS.map((k) => ({
    key: `${prefix}${k}`,
    value: (r) => pick(r)?.[k],
    percent: RATES.has(k),
  }));
}

const PAGE_KEYS = ['pv', 'uv', 'ip', 'visits', 'entries', 'exits', 'exit_rate', 'avg_time'] as const;
function pageColumns<T>(pick: (row: T) => PageMetrics | undefined, prefix = ''): CsvColumn<T>[] {
  return PAGE_KEYS.map((k) => ({ key: `${prefix}${k}`, value: (r) => pick(r)?.[k], percent: RATES.has(k) }));
}

const key = <T extends { key: string }>(): CsvColumn<T> => ({ key: 'key', value: (r) => r.key });

type Words = { readonly zh: string; readonly en: string };
/** An enum's value in the CSV's language (a value without a word stays as it is). */
const word = (labels: Readonly<Record<string, Words>>, value: string, lang: AreaLanguage) =>
  labels[value]?.[lang === 'zh-CN' ? 'zh' : 'en'] ?? value;
const ratio = <T extends { ratio: number }>(): CsvColumn<T> => ({
  key: 'ratio',
  value: (r) => r.ratio,
  percent: true,
});

const dimFigures = (compare: boolean): CsvColumn<DimRow>[] => [
  ...metricColumns<DimRow>((r) => r),
  ratio(),
  ...(compare ? metricColumns<DimRow>((r) => r.previous, 'previous.') : []),
];

/** Columns of each exported table; with compare, the previous period's figures follow. */
export const CSV_TABLES = {
  dim: (compare: boolean): CsvColumn<DimRow>[] => [key(), ...dimFigures(compare)],
  /** Countries or provinces: their names follow the CSV's language. */
  area: (compare: boolean): CsvColumn<DimRow>[] => [
    { key: 'key', value: (r, lang) => placeName(r.key, lang, romanize) },
    ...dimFigures(compare),
  ],
  /** Source types (来源分类): 直接访问, 搜索引擎… in Chinese, Direct, Search engines… in English. */
  category: (compare: boolean): CsvColumn<DimRow>[] => [
    { key: 'key', value: (r, lang) => word(REFERRER_CATEGORY_LABELS, r.key, lang) },
    ...dimFigures(compare),
  ],
  /** Search engines: 百度 and 360搜索 in Chinese, Baidu and 360 Search in English. */
  engine: (compare: boolean): CsvColumn<DimRow>[] => [
    { key: 'key', value: (r, lang) => engineName(r.key, lang) },
    ...dimFigures(compare),
  ],
  ip: (compare: boolean): CsvColumn<IpRow>[] => [
    key(),
    { key: 'area', value: (r, lang) => areaText(r.area.split(' '), lang, romanize) },
    { key: 'last_day', value: (r) => r.last_day },
    ...metricColumns<IpRow>((r) => r),
    ratio(),
    ...(compare ? metricColumns<IpRow>((r) => r.previous, 'previous.') : []),
  ],
  page: (compare: boolean): CsvColumn<PageRow>[] => [
    key(),
    ...pageColumns<PageRow>((r) => r),
    ratio(),
    ...(compare ? pageColumns<PageRow>((r) => r.previous, 'previous.') : []),
  ],
  trend: (compare: boolean): CsvColumn<TrendPoint>[] => [
    { key: 'started_at', value: (r) => r.key },
    ...metricColumns<TrendPoint>((r) => r.current),
    ...(compare
      ? [
          { key: 'previous.started_at', value: (r: TrendPoint) => r.previous_key },
          ...metricColumns<TrendPoint>((r) => r.previous, 'previous.'),
        ]
      : []),
  ],
  all: (compare: boolean): CsvColumn<AllRow>[] => [
    { key: 'site', value: (r) => r.site.name },
    ...metricColumns<AllRow>((r) => r.current),
    ...(compare ? metricColumns<AllRow>((r) => r.previous ?? undefined, 'previous.') : []),
  ],
  /** Times as the site's wall clock (what the visit log shows), with the offset. */
  visit: (timeZone: string): CsvColumn<VisitRow>[] => [
    { key: 'started_at', value: (r) => localTimestamp(r.started_at, timeZone) },
    { key: 'visitor', value: (r) => r.visitor },
    { key: 'is_new', value: (r, lang) => word(YES_NO_LABELS, String(r.is_new), lang) },
    { key: 'ip_address', value: (r) => r.ip },
    { key: 'area', value: (r, lang) => areaText([r.country, r.province, r.city], lang, romanize) },
    { key: 'referrer', value: (r) => r.referrer },
    { key: 'ref_category', value: (r, lang) => word(REFERRER_CATEGORY_LABELS, r.ref_category, lang) },
    { key: 'engine', value: (r, lang) => r.engine && engineName(r.engine, lang) },
    { key: 'keyword', value: (r) => r.keyword },
    { key: 'entry_url', value: (r) => r.entry_url },
    { key: 'exit_url', value: (r) => r.exit_url },
    { key: 'pageviews', value: (r) => r.pageviews },
    { key: 'duration', value: (r) => r.duration },
    { key: 'device', value: (r, lang) => deviceName(r.device, lang) },
    { key: 'browser', value: (r) => r.browser },
    { key: 'os', value: (r) => r.os },
  ],
};
