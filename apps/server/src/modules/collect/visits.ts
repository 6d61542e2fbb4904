/** Idle time after which the next page view opens a new visit (the CNZZ/Baidu rule). */
export const VISIT_IDLE_MS = 30 * 60_000;

export type EventType = 'pv' | 'ev' | 'ping';

/** Everything about a visit that is fixed by the hit that opens it. */
export interface VisitSource {
  entryUrl: string;
  entryPath: string;
  referrer: string;
  refCategory: string;
  refDomain: string | null;
  refName: string | null;
  keyword: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmTerm: string | null;
  utmContent: string | null;
  ip: string;
  country: string;
  province: string;
  city: string;
  isp: string;
  browser: string;
  browserVersion: string;
  os: string;
  osVersion: string;
  device: string;
  screen: string;
  language: string;
}

export interface IncomingEvent {
  siteId: number;
  visitor: string;
  ts: Date;
  /** The event's date in the site's time zone. */
  localDay: string;
  type: EventType;
  pageId: string;
  url: string;
  host: string;
  path: string;
  title: string;
  name: string | null;
  /** JSON text of the custom event's properties. */
  props: string | null;
  durationMs: number;
  ip: string;
  /** Enrichment runs only for hits that open a visit (area, user agent and referrer parsing cost). */
  source(): VisitSource;
  /** Set by the batch writer: the visit the hit was placed in (compatible protocols answer it). */
  visitId?: number;
}

/** The latest stored visit of a visitor, as the database returns it. */
export interface KnownVisit {
  id: number;
  siteId: number;
  visitor: string;
  startedAt: Date;
  lastAt: Date;
  localDay: string;
}

export interface VisitState extends KnownVisit {
  /** True when this batch creates the visit; its totals are then the row, not increments. */
  fresh: boolean;
  isNew: boolean;
  pageviews: number;
  events: number;
  durationMs: number;
  exitUrl: string | null;
  exitPath: string | null;
  source?: VisitSource;
}

export interface PlannedEvent {
  event: IncomingEvent;
  visit: VisitState;
}

export interface VisitPlan {
  /** Visits to insert (fresh) and visits to update with increments (stored), in first-touch order. */
  visits: VisitState[];
  events: PlannedEvent[];
  /** Indexes (into the batch) of hits that could not be placed: a ping from a visitor with no visit. */
  orphans: Set<number>;
  /** Every hour whose rollups this batch changes, by `siteId|hour`. */
  dirty: Map<string, DirtyHour>;
}

export interface DirtyHour {
  siteId: number;
  hour: Date;
}

const HOUR_MS = 3_600_000;

/** Marks the UTC hour holding `at`; the key stays numeric, so a hit costs no date formatting. */
function markDirty(plan: VisitPlan, siteId: number, at: Date): void {
  const hour = Math.floor(at.getTime() / HOUR_MS);
  const key = `${siteId}|${hour}`;
  if (!plan.dirty.has(key)) plan.dirty.set(key, { siteId, hour: new Date(hour * HOUR_MS) });
}

export const visitorKey = (siteId: number, visitor: string) => `${siteId}|${visitor}`;

function continues(visit: KnownVisit, e: IncomingEvent): boolean {
  return visit.localDay === e.localDay && e.ts.getTime() - visit.lastAt.getTime() <= VISIT_IDLE_MS;
}

/**
 * Places a batch of hits into visits. A page view or custom event continues the visitor's latest visit
 * when it is less than 30 minutes idle and on the same local day, else it opens a new one (new
 * visitor when the visitor was never seen). Engagement pings only add time to the latest visit.
 */
export function planVisits(batch: IncomingEvent[], latest: Map<string, KnownVisit>): VisitPlan {
  const current = new Map<string, VisitState>();
  const plan: VisitPlan = { visits: [], events: [], orphans: new Set(), dirty: new Map() };
  const touched = new Set<VisitState>();

  batch.forEach((e, index) => {
    const key = visitorKey(e.siteId, e.visitor);
    let visit = current.get(key);
    const known = visit ?? latest.get(key);
    if (e.type === 'ping') {
      if (!known) {
        plan.orphans.add(index);
        return;
      }
    } else if (!known || !continues(known, e)) {
      const source = e.source();
      visit = {
        id: 0,
        siteId: e.siteId,
        visitor: e.visitor,
        startedAt: e.ts,
        lastAt: e.ts,
        localDay: e.localDay,
        fresh: true,
        isNew: !known,
        pageviews: 0,
        events: 0,
        durationMs: 0,
        exitUrl: source.entryUrl,
        exitPath: source.entryPath,
        source,
      };
      current.set(key, visit);
    }
    if (!visit) {
      visit = {
        ...known!,
        fresh: false,
        isNew: false,
        pageviews: 0,
        events: 0,
        durationMs: 0,
        exitUrl: null,
        exitPath: null,
      };
      current.set(key, visit);
    }
    if (!touched.has(visit)) {
      touched.add(visit);
      plan.visits.push(visit);
      markDirty(plan, visit.siteId, visit.startedAt);
    }
    if (e.type === 'pv') {
      visit.pageviews += 1;
      visit.exitUrl = e.url;
      visit.exitPath = e.path;
    } else if (e.type === 'ev') {
      visit.events += 1;
    } else {
      visit.durationMs += e.durationMs;
    }
    if (e.type !== 'ping' && e.ts > visit.lastAt) visit.lastAt = e.ts;
    plan.events.push({ event: e, visit });
    markDirty(plan, e.siteId, e.ts);
  });
  return plan;
}
