/** Runs a change, says `done` when given, and shows the list again; resolves false when it failed. */
export type GroupAct = (change: Promise<unknown>, done?: string) => Promise<boolean>;

/** The bot has left the group or was removed: nothing can be done in it any more. */
export const GONE = ['left', 'kicked'];
