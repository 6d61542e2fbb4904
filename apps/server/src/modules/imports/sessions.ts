import { localDay } from '../../lib/local-time.js';
import { VISIT_IDLE_MS, type VisitSource, visitSource } from '../collect/enrichment.service.js';
import { type ImportHit, type ImportSite, pagePath } from './import-hit.js';

/** A visit an import is writing: fixed by its first hit, grown by the rest. */
export interface OpenVisit {
  id: number;
  visitor: string;
  startedAt: Date;
  lastAt: Date;
  localDay: string;
  isNew: boolean;
  pageviews: number;
  events: number;
  exitUrl: string;
  exitPath: string;
  /** Set only while the visit is not stored yet (the chunk that opens it inserts it). */
  source?: VisitSource;
}

export interface PlacedHit {
  hit: ImportHit;
  visit: OpenVisit;
}

export interface ChunkPlan {
  /** Visits this chunk opens (inserted), and stored visits it continues (updated). */
  fresh: OpenVisit[];
  continued: OpenVisit[];
  events: PlacedHit[];
  /** UTC hours (ms) whose rollups the chunk changes. */
  hours: Set<number>;
}

const HOUR_MS = 3_600_000;

/**
 * Places an import's hits into visits with the collect pipeline's rule: a hit continues the visitor's
 * latest visit when at most 30 minutes idle and on the same local day, else opens one (a new visitor
 * when the import never saw them). The enrichment of a visit's first hit is the collect area's own
 * (`visitSource`); what the tool already knew of the visitor (Umami's browser, country) replaces it.
 * The state outlives a chunk; after a restart it is read back from the visits the import stored.
 */
export class ImportSessions {
  private readonly latest = new Map<string, OpenVisit>();

  constructor(private readonly site: ImportSite) {}

  /** A stored visit of this import (resuming): the latest one per visitor continues. */
  restore(visit: OpenVisit): void {
    const known = this.latest.get(visit.visitor);
    if (!known || known.startedAt < visit.startedAt) this.latest.set(visit.visitor, visit);
  }

  /** Places a chunk's hits; `ids` gives the ids of the visits it opens. */
  async place(hits: ImportHit[], ids: (n: number) => Promise<number[]>): Promise<ChunkPlan> {
    const plan: ChunkPlan = { fresh: [], continued: [], events: [], hours: new Set() };
    const touched = new Set<OpenVisit>();
    for (const hit of hits) {
      const day = localDay(hit.ts, this.site.timezone);
      let visit = this.latest.get(hit.visitor);
      if (!visit || visit.localDay !== day || hit.ts.getTime() - visit.lastAt.getTime() > VISIT_IDLE_MS) {
        visit = this.open(hit, day, !visit);
        this.latest.set(hit.visitor, visit);
        plan.fresh.push(visit);
        touched.add(visit);
        plan.hours.add(Math.floor(hit.ts.getTime() / HOUR_MS));
      } else if (!touched.has(visit)) {
        touched.add(visit);
        plan.continued.push(visit);
      }
      if (hit.type === 'pv') {
        visit.pageviews += 1;
        visit.exitUrl = hit.url.href;
        visit.exitPath = pagePath(hit.url);
      } else visit.events += 1;
      if (hit.ts > visit.lastAt) visit.lastAt = hit.ts;
      plan.events.push({ hit, visit });
      plan.hours.add(Math.floor(hit.ts.getTime() / HOUR_MS));
    }
    const fresh = await ids(plan.fresh.length);
    plan.fresh.forEach((v, i) => {
      v.id = fresh[i]!;
    });
    return plan;
  }

  private open(hit: ImportHit, day: string, isNew: boolean): OpenVisit {
    const path = pagePath(hit.url);
    const source = visitSource({
      pageUrl: hit.url,
      path,
      referrer: hit.referrer,
      siteDomains: this.site.domains,
      ip: hit.lookupIp,
      storedIp: hit.ip,
      userAgent: hit.userAgent,
      screen: hit.screen,
      language: hit.language,
    });
    return {
      id: 0,
      visitor: hit.visitor,
      startedAt: hit.ts,
      lastAt: hit.ts,
      localDay: day,
      isNew,
      pageviews: 0,
      events: 0,
      exitUrl: hit.url.href,
      exitPath: path,
      source: hit.known ? { ...source, ...defined(hit.known) } : source,
    };
  }
}

/** The known values that are there: an empty one leaves the parsed value. */
function defined<T extends object>(o: T): Partial<T> {
  const out: Partial<T> = {};
  for (const k in o) if (o[k] !== undefined && o[k] !== '') out[k] = o[k];
  return out;
}
