/** One field of a change: its path, the value before and after (undefined: absent), and what happened. */
export interface DiffRow {
  path: string;
  before: unknown;
  after: unknown;
  change: 'added' | 'removed' | 'changed' | 'same';
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Leaves of a JSON value by dotted path; arrays and scalars are leaves, `''` is the value itself. */
function leaves(value: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (isRecord(value) && Object.keys(value).length > 0) {
    for (const [key, child] of Object.entries(value)) leaves(child, prefix ? `${prefix}.${key}` : key, out);
  } else if (value !== null && value !== undefined) {
    out.set(prefix, value);
  }
  return out;
}

/** Field by field difference of an audit row's `before` and `after`, changed fields first. */
export function jsonDiff(before: unknown, after: unknown): DiffRow[] {
  const a = leaves(before);
  const b = leaves(after);
  const paths = [...new Set([...a.keys(), ...b.keys()])];
  const rows = paths.map((path): DiffRow => {
    const was = a.get(path);
    const is = b.get(path);
    const change = !a.has(path)
      ? 'added'
      : !b.has(path)
        ? 'removed'
        : JSON.stringify(was) === JSON.stringify(is)
          ? 'same'
          : 'changed';
    return { path, before: was, after: is, change };
  });
  const rank = (row: DiffRow) => (row.change === 'same' ? 1 : 0);
  return rows.sort((x, y) => rank(x) - rank(y));
}
