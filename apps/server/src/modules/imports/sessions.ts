import type { VisitRow } from '../../db/raw-columns.js';
import { type Area, lookupArea } from '../../lib/ip-area.js';
import { localDay } from '../../lib/local-time.js';
import { VISIT_IDLE_MS, type VisitSource, visitSource } from '../collect/enrichment.service.js';
import type { ImportHit, ImportSite } from './import-hit.js';

/** A visit an import is writing: fixed by its first hit, grown by the rest. */
export interface OpenVisit extends VisitRow {
  importId: number;
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
  /**
   * Areas by address, within this import: a visitor's visits repeat theirs (the user agent's parse is
   * already remembered by the collect area's enrichment).
   */
  private readonly areas = new Map<string, Area>();

  constructor(
    private readonly site: ImportSite,
    private readonly importId: number,
  ) {}

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
        visit.exitPath = hit.path;
      } else visit.events += 1;
      if (hit.ts > visit.lastAt) {
        visit.lastAt = hit.ts;
        visit.durationMs = hit.ts.getTime() - visit.startedAt.getTime();
      }
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
    const source = { ...this.enrich(hit), ...hit.known };
    return {
      id: 0,
      siteId: this.site.id,
      importId: this.importId,
      visitor: hit.visitor,
      startedAt: hit.ts,
      lastAt: hit.ts,
      localDay: day,
      isNew,
      pageviews: 0,
      events: 0,
      durationMs: 0,
      exitUrl: hit.url.href,
      exitPath: hit.path,
      source,
    };
  }

  /**
   * The collect area's enrichment of a visit's first hit (`visitSource`), its area taken from this
   * import's lookups by address: the rest (referrer, campaign, user agent) is computed as collect does.
   */
  enrich(hit: ImportHit): VisitSource {
    const source = visitSource({
      pageUrl: hit.url,
      path: hit.path,
      referrer: hit.referrer,
      siteDomains: this.site.domains,
      ip: '',
      storedIp: hit.ip,
      userAgent: hit.userAgent,
      screen: hit.screen,
      language: hit.language,
    });
    let area = this.areas.get(hit.lookupIp);
    if (!area) {
      area = lookupArea(hit.lookupIp);
      if (this.areas.size >= AREA_CACHE) this.areas.clear();
      this.areas.set(hit.lookupIp, area);
    }
    return Object.assign(source, area);
  }
}

/** Addresses whose area an import remembers at once (a busy site's month has about this many). */
const AREA_CACHE = 200_000;
