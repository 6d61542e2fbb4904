/** Columns of visit-based tables (sources, engines, keywords, areas, IPs, entry pages). */
export const DIM_METRICS = [
  'visits',
  'ratio',
  'pv',
  'uv',
  'ip',
  'new_visitors',
  'bounce_rate',
  'avg_duration',
] as const;

/** Columns of page-based tables (visited pages and domains). */
export const PAGE_METRICS = [
  'pv',
  'ratio',
  'uv',
  'ip',
  'visits',
  'entries',
  'exits',
  'exit_rate',
  'avg_time',
] as const;
