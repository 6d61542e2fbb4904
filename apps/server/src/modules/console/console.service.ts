import {
  CONSOLE_AUDIT_ROWS,
  CONSOLE_CHART_DAYS,
  type ConsoleAnswer,
  type ConsoleFigure,
  DEFAULT_TIMEZONE,
  formatMicros,
} from '@tally/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { addDays, localDay, zonedMidnight } from '../../lib/local-time.js';
import type { AuditService } from '../audit/audit.service.js';
import type { ConsoleCharts, ConsoleRepository, CoreFigures } from './console.repository.js';
import type {
  ConsoleFigures,
  ConsoleMoment,
  ConsoleSlot,
  ConsoleSource,
  ConsoleValue,
} from './console-figures.js';

/** The console's own tiles, filled by one read of its repository. */
const CORE: ConsoleSlot[] = [
  {
    key: 'users_total',
    label: { zh: '用户总数', en: 'Users' },
    kind: 'count',
    order: 10,
    href: '/users/users',
  },
  { key: 'users_today', label: { zh: '今日新增用户', en: 'New users today' }, kind: 'count', order: 20 },
  { key: 'sessions_active', label: { zh: '在线会话', en: 'Active sessions' }, kind: 'count', order: 30 },
  { key: 'sites_total', label: { zh: '站点总数', en: 'Sites' }, kind: 'count', order: 40 },
  {
    key: 'events_today',
    label: { zh: '今日事件（浏览量）', en: 'Events today (page views)' },
    kind: 'count',
    order: 50,
  },
  {
    key: 'balances_held',
    label: { zh: '用户余额合计', en: 'Balances held' },
    kind: 'usdt',
    order: 60,
  },
];

type Charts = Pick<ConsoleAnswer, 'days' | 'new_users' | 'events'>;

/** `/dashboard` for admins: the registered figures, the 30-day charts and the latest audit rows. */
export class ConsoleService {
  /** One core read per call, shared by the core tiles (as a registered source) and the charts. */
  private readonly coreReads = new WeakMap<ConsoleMoment, Promise<CoreFigures & ConsoleCharts>>();
  private readonly core: ConsoleSource;

  constructor(
    private readonly repo: ConsoleRepository,
    private readonly figures: ConsoleFigures,
    private readonly audit: AuditService,
    private readonly log: FastifyBaseLogger,
    private readonly clock: () => Date = () => new Date(),
  ) {
    // The console's own tiles go through the registry like any module's, so keys and order are checked once.
    this.core = {
      name: 'console',
      figures: CORE,
      read: async (at) => {
        const r = await this.readCore(at);
        return {
          users_total: r.usersTotal,
          users_today: r.usersToday,
          sessions_active: r.sessionsActive,
          sites_total: r.sitesTotal,
          events_today: r.eventsToday,
          balances_held: r.balancesHeld,
        };
      },
    };
    figures.add(this.core);
  }

  private readCore(at: ConsoleMoment) {
    let read = this.coreReads.get(at);
    if (!read) {
      read = this.repo.read(this.window(at));
      this.coreReads.set(at, read);
    }
    return read;
  }

  /** Users' day boundaries are the default site zone's, the zone sites are created in. */
  moment(now = this.clock()): ConsoleMoment {
    const timezone = DEFAULT_TIMEZONE;
    const today = localDay(now, timezone);
    return { now, timezone, today, todayStart: zonedMidnight(today, timezone) };
  }

  async fetch(): Promise<ConsoleAnswer> {
    const at = this.moment();
    const slots = this.figures.list();
    const [values, audit] = await Promise.all([
      Promise.all(this.figures.all().map((source) => this.readSource(source, at))),
      this.audit.latest(CONSOLE_AUDIT_ROWS),
    ]);
    const bySource = new Map(this.figures.all().map((source, i) => [source, values[i]]));
    const figures = slots.map((slot) => toFigure(slot, slot.source ? bySource.get(slot.source) : undefined));
    const core = await this.readCore(at);
    return {
      timezone: at.timezone,
      today: at.today,
      figures,
      ...this.charts(at, core.newUsers, core.events),
      audit,
    };
  }

  /** A failing source leaves its tiles `failed` and the rest of the console answering. */
  private async readSource(source: ConsoleSource, at: ConsoleMoment) {
    try {
      return await source.read(at);
    } catch (err) {
      if (source === this.core) throw err;
      this.log.error({ err, source: source.name }, 'console figures failed');
      return null;
    }
  }

  private window(at: ConsoleMoment) {
    const firstDay = addDays(at.today, 1 - CONSOLE_CHART_DAYS);
    const dayStarts = Array.from({ length: CONSOLE_CHART_DAYS + 1 }, (_, i) =>
      zonedMidnight(addDays(firstDay, i), at.timezone),
    );
    return {
      now: at.now,
      todayStart: at.todayStart,
      utcDay: at.now.toISOString().slice(0, 10),
      dayStarts,
      firstDay,
      lastDay: at.today,
    };
  }

  private charts(at: ConsoleMoment, newUsers: number[], events: Map<string, number>): Charts {
    const days = Array.from({ length: CONSOLE_CHART_DAYS }, (_, i) =>
      addDays(at.today, i + 1 - CONSOLE_CHART_DAYS),
    );
    return { days, new_users: newUsers, events: days.map((day) => events.get(day) ?? 0) };
  }
}

function toFigure(
  slot: ConsoleSlot & { source?: ConsoleSource },
  values: Record<string, ConsoleValue> | null | undefined,
): ConsoleFigure {
  const base = { key: slot.key, label: slot.label, href: slot.href ?? null };
  const status = !slot.source ? 'not_available' : values ? 'ok' : 'failed';
  const value = status === 'ok' ? values?.[slot.key] : undefined;
  if (slot.kind === 'usdt') {
    return { ...base, kind: 'usdt', status, value: value === undefined ? null : formatMicros(BigInt(value)) };
  }
  return { ...base, kind: 'count', status, value: value === undefined ? null : Number(value) };
}
