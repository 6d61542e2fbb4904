import { describe, expect, it } from 'vitest';
import {
  type IncomingEvent,
  type KnownVisit,
  planVisits,
  type VisitPlan,
  type VisitSource,
  visitorKey,
} from './visits.js';

/** The plan's dirty hours, in (site, hour) order: the plan keeps them in no particular order. */
const dirtyHours = (plan: VisitPlan) =>
  [...plan.dirty.values()].sort((a, b) => a.siteId - b.siteId || a.hour.getTime() - b.hour.getTime());

const source = (path: string): VisitSource =>
  ({ entryUrl: `https://example.com${path}`, entryPath: path }) as VisitSource;

function hit(type: IncomingEvent['type'], iso: string, extra: Partial<IncomingEvent> = {}): IncomingEvent {
  const path = extra.path ?? '/';
  return {
    siteId: 1,
    visitor: 'v1',
    ts: new Date(iso),
    localDay: iso.slice(0, 10),
    type,
    pageId: 'p',
    url: `https://example.com${path}`,
    host: 'example.com',
    path,
    title: '',
    name: type === 'ev' ? 'x' : null,
    props: null,
    durationMs: type === 'ping' ? 1000 : 0,
    ip: '1.1.1.1',
    source: () => source(path),
    ...extra,
  };
}

const known = (lastIso: string, day = lastIso.slice(0, 10)): Map<string, KnownVisit> =>
  new Map([
    [
      visitorKey(1, 'v1'),
      {
        id: 7,
        siteId: 1,
        visitor: 'v1',
        startedAt: new Date('2026-01-01T00:00:00Z'),
        lastAt: new Date(lastIso),
        localDay: day,
      },
    ],
  ]);

describe('planVisits', () => {
  it('a first page view opens a visit of a new visitor; later hits continue it', () => {
    const plan = planVisits(
      [
        hit('pv', '2026-01-02T10:00:00Z', { path: '/a' }),
        hit('pv', '2026-01-02T10:10:00Z', { path: '/b' }),
        hit('ev', '2026-01-02T10:11:00Z'),
      ],
      new Map(),
    );
    expect(plan.visits).toHaveLength(1);
    expect(plan.visits[0]).toMatchObject({
      fresh: true,
      isNew: true,
      pageviews: 2,
      events: 1,
      exitPath: '/b',
    });
    expect(plan.events.every((e) => e.visit === plan.visits[0])).toBe(true);
  });

  it('continues a stored visit with increments only', () => {
    const plan = planVisits([hit('pv', '2026-01-02T10:20:00Z')], known('2026-01-02T10:00:00Z'));
    expect(plan.visits[0]).toMatchObject({ id: 7, fresh: false, pageviews: 1, events: 0, durationMs: 0 });
  });

  it('30 idle minutes or another local day open a new visit of a returning visitor', () => {
    const idle = planVisits([hit('pv', '2026-01-02T10:30:01Z')], known('2026-01-02T10:00:00Z'));
    expect(idle.visits[0]).toMatchObject({ fresh: true, isNew: false });
    const nextDay = planVisits([hit('pv', '2026-01-03T00:00:05Z')], known('2026-01-02T23:59:59Z'));
    expect(nextDay.visits[0]).toMatchObject({ fresh: true, isNew: false });
  });

  it('pings add time to the latest visit however idle, and never open one', () => {
    const plan = planVisits([hit('ping', '2026-01-02T15:00:00Z')], known('2026-01-02T10:00:00Z'));
    expect(plan.visits[0]).toMatchObject({
      id: 7,
      durationMs: 1000,
      lastAt: new Date('2026-01-02T10:00:00Z'),
    });
    const orphan = planVisits([hit('ping', '2026-01-02T15:00:00Z')], new Map());
    expect([...orphan.orphans]).toEqual([0]);
    expect(orphan.events).toHaveLength(0);
  });

  it('marks the hours of the hits and of the visits they touch', () => {
    const plan = planVisits([hit('pv', '2026-01-02T10:20:00Z')], known('2026-01-02T10:00:00Z'));
    expect(dirtyHours(plan)).toEqual([
      { siteId: 1, hour: new Date('2026-01-01T00:00:00Z') },
      { siteId: 1, hour: new Date('2026-01-02T10:00:00Z') },
    ]);
  });

  it('keeps one dirty hour per site and hour, sites apart', () => {
    const plan = planVisits(
      [
        hit('pv', '2026-01-02T05:10:00Z', { siteId: 10 }),
        hit('pv', '2026-01-02T05:20:00Z', { siteId: 9 }),
        hit('pv', '2026-01-02T04:50:00Z', { siteId: 9, visitor: 'v2' }),
      ],
      new Map(),
    );
    expect(dirtyHours(plan)).toEqual([
      { siteId: 9, hour: new Date('2026-01-02T04:00:00Z') },
      { siteId: 9, hour: new Date('2026-01-02T05:00:00Z') },
      { siteId: 10, hour: new Date('2026-01-02T05:00:00Z') },
    ]);
  });

  it('enriches only hits that open a visit', () => {
    let calls = 0;
    const counted = (iso: string) =>
      hit('pv', iso, {
        source: () => {
          calls += 1;
          return source('/');
        },
      });
    planVisits(
      [counted('2026-01-02T10:00:00Z'), counted('2026-01-02T10:01:00Z'), counted('2026-01-02T10:02:00Z')],
      new Map(),
    );
    expect(calls).toBe(1);
  });
});
