import { localDay, wallClock, zonedMidnight } from '../../lib/local-time.js';

/** A report slot missed by more than this (a worker was down) is skipped rather than sent late. */
export const SLOT_GRACE_MS = 60 * 60_000;

export interface Schedule {
  schedule: string;
  /** HH:MM local. */
  time: string;
  weekday: number | null;
}

/**
 * The slot a binding is due for at `now` in its site's zone: the local day (`YYYY-MM-DD`) once its
 * time has come (on the right weekday for weekly reports), within the grace period; else nothing.
 */
export function dueSlot(s: Schedule, timeZone: string, now: Date): string | undefined {
  if (s.schedule === 'off') return undefined;
  const day = localDay(now, timeZone);
  if (s.schedule === 'weekly' && new Date(`${day}T00:00:00Z`).getUTCDay() !== s.weekday) return undefined;
  const [h, m] = s.time.split(':').map(Number) as [number, number];
  const at = slotInstant(day, h, m, timeZone);
  const late = now.getTime() - at.getTime();
  return late >= 0 && late < SLOT_GRACE_MS ? day : undefined;
}

/** The instant of local `h:m` on `day`, measured from local midnight by the zone's own wall clock. */
function slotInstant(day: string, h: number, m: number, timeZone: string): Date {
  const midnight = zonedMidnight(day, timeZone);
  const guess = new Date(midnight.getTime() + (h * 60 + m) * 60_000);
  // A DST change between midnight and the slot shifts the wall clock; correct by the difference seen.
  const parts = Object.fromEntries(
    wallClock(timeZone)
      .formatToParts(guess)
      .map((p) => [p.type, p.value]),
  );
  const seen = Number(parts.hour) * 60 + Number(parts.minute);
  return new Date(guess.getTime() + (h * 60 + m - seen) * 60_000);
}
