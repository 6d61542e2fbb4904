import { toSummary } from '../sites/sites.service.js';

/** What a report needs of a site. */
export interface ReportSite {
  id: number;
  name: string;
  domains: string[];
  timezone: string;
  groupId: number | null;
}

/** The sites module's summary plus the zone every report date is in. */
export const summaryOf = (s: ReportSite) => ({ ...toSummary(s), timezone: s.timezone });
