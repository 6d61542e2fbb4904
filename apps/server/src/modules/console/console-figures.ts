import type { ConsoleLabel } from '@tally/contracts';

/** What every figure source is asked with: one "now" and its day boundaries, the same for all tiles. */
export interface ConsoleMoment {
  now: Date;
  /** The console's zone (users' "today"); sites count their events in their own zones. */
  timezone: string;
  /** `YYYY-MM-DD` in `timezone`. */
  today: string;
  /** The instant `today` began in `timezone`. */
  todayStart: Date;
}

/** A tile's place: what it is called, what it counts and where it sits. */
export interface ConsoleSlot {
  /** Stable id, e.g. `pending_withdrawals`; the web keeps no list of them. */
  key: string;
  label: ConsoleLabel;
  /** `count`: an integer. `usdt`: micro-USDT (bigint), sent as a USDT decimal string. */
  kind: 'count' | 'usdt';
  /** Position among the tiles (the console's own sit at multiples of 10). */
  order: number;
  /** The back-office page behind the number. */
  href?: string;
}

/** The value of one figure: a count, or micro-USDT for `usdt` figures. */
export type ConsoleValue = number | bigint;

/**
 * A module's contribution: the tiles it fills and one read answering all of them (one round trip for
 * figures that come from the same tables).
 */
export interface ConsoleSource {
  /** The module's name, for logs when its read fails. */
  name: string;
  figures: ConsoleSlot[];
  read(at: ConsoleMoment): Promise<Record<string, ConsoleValue>>;
}

/**
 * Places the console keeps for areas that are not built yet. A module that later provides a figure with
 * one of these keys fills the place (its label and order win); until then the tile says "not yet
 * available" instead of showing a number nobody computed.
 */
export const RESERVED_SLOTS: readonly ConsoleSlot[] = [
  {
    key: 'revenue_30d',
    label: { zh: '近 30 天收入', en: 'Revenue, last 30 days' },
    kind: 'usdt',
    order: 70,
    href: '/orders/orders',
  },
  {
    key: 'pending_withdrawals',
    label: { zh: '待处理提现', en: 'Pending withdrawals' },
    kind: 'count',
    order: 80,
    href: '/finance/withdrawal',
  },
  {
    key: 'failed_jobs_24h',
    label: { zh: '24 小时失败任务', en: 'Failed jobs, last 24 h' },
    kind: 'count',
    order: 90,
    href: '/queue/queue',
  },
];

/**
 * The console's extension point, in the service registry as `consoleFigures`. Its module is listed
 * first, so any module can `needs: ['consoleFigures']` and call `add` from its `services` factory;
 * the console reads every source on each call.
 */
export class ConsoleFigures {
  private readonly sources: ConsoleSource[] = [];
  private readonly slots = new Map<string, ConsoleSlot & { source?: ConsoleSource }>(
    RESERVED_SLOTS.map((slot) => [slot.key, slot]),
  );

  /** Adds a module's figures; a key another source already provides stops the start. */
  add(source: ConsoleSource): void {
    for (const figure of source.figures) {
      const taken = this.slots.get(figure.key)?.source;
      if (taken) {
        throw new Error(
          `Console figure "${figure.key}" of ${source.name} is already provided by ${taken.name}`,
        );
      }
      this.slots.set(figure.key, { ...figure, source });
    }
    this.sources.push(source);
  }

  /** Every place in tile order, each with the source that fills it (none for a reserved place). */
  list(): (ConsoleSlot & { source?: ConsoleSource })[] {
    return [...this.slots.values()].sort((a, b) => a.order - b.order || a.key.localeCompare(b.key));
  }

  all(): readonly ConsoleSource[] {
    return this.sources;
  }
}
