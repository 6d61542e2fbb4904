import type { EventsQuery, EventsReport } from '@tally/contracts';
import { bounds, eachDay } from '../../lib/period.js';
import type { EventsReportRepository } from './events.repository.js';
import { rate } from './metrics.js';
import type { ReportSite } from './report-site.js';
import type { ReportsService } from './reports.service.js';

/** Property values listed for one event. */
export const EVENT_PROPS_LIMIT = 100;

/** /site/events: custom events by name, one event's days and its property breakdown. */
export class EventsReportService {
  constructor(
    private readonly reports: ReportsService,
    private readonly repo: EventsReportRepository,
  ) {}

  async events(site: ReportSite, q: EventsQuery): Promise<EventsReport> {
    const period = this.reports.period(site, q);
    const span = { siteId: site.id, ...bounds(period.from, period.to, site.timezone) };
    const [totals, names] = await Promise.all([
      this.repo.totals(span),
      this.repo.names(span, { limit: q.limit, offset: (q.page - 1) * q.limit }),
    ]);
    // The series and the properties describe the asked event, else the top one of the period.
    const name = q.name ?? (q.page === 1 ? names.rows[0]?.name : undefined) ?? null;
    const [days, props] =
      name === null
        ? [new Map(), []]
        : await Promise.all([
            this.repo.days(span, name, site.timezone),
            this.repo.props(span, name, EVENT_PROPS_LIMIT),
          ]);
    return {
      period,
      totals,
      list: names.rows.map((r) => ({ ...r, ratio: rate(r.count, totals.count) })),
      total: names.total,
      page: q.page,
      limit: q.limit,
      name,
      days: eachDay(period.from, period.to).map((key) => ({
        key,
        ...(days.get(key) ?? { count: 0, visitors: 0 }),
      })),
      props,
    };
  }
}
