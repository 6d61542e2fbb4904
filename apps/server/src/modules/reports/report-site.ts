/** What a report needs of a site. */
export interface ReportSite {
  id: number;
  name: string;
  domains: string[];
  timezone: string;
  groupId: number | null;
}

export const summaryOf = (s: ReportSite) => ({
  id: s.id,
  name: s.name,
  domain: s.domains[0] ?? '',
  timezone: s.timezone,
});
