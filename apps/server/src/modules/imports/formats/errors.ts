/**
 * A file that cannot be imported as a whole (wrong format, a column missing, a damaged archive): the
 * import fails with this message and keeps nothing. A single bad row is not one: it is counted and
 * listed with its line, and the others are imported.
 */
export class ImportFileError extends Error {}

/** One row the import refuses (a date it cannot read, an unknown event type): counted, listed, skipped. */
export class RowError extends Error {}
