import type { Executor } from './client.js';
import { lockUser } from './user-lock.js';

/** Refuses one more of something an owner has (billing: a plan's site and bot limits) by throwing. */
export type OwnerGuard<C> = (ctx: C, owned: number, tx: Executor) => Promise<void>;

/**
 * The checks another area adds before an owner gets one more site, bot, …: run inside the creating
 * transaction after the owner's `users` row is locked, so a second creation of the same owner waits
 * until this one commits and then counts it (counting outside let eight concurrent creations on a
 * 3-site plan all see "2 of 3" and all insert).
 */
export class OwnerGuards<C> {
  private readonly guards: OwnerGuard<C>[] = [];

  add(guard: OwnerGuard<C>): void {
    this.guards.push(guard);
  }

  /** Locks the owner's row, counts what they own (`count`, on `tx`) and asks every guard. */
  async check(tx: Executor, ctx: C, ownerId: number, count: () => Promise<number>): Promise<void> {
    await lockUser(tx, ownerId);
    const owned = await count();
    for (const guard of this.guards) await guard(ctx, owned, tx);
  }
}
