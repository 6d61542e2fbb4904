/**
 * Import circles in a graph of files (the layer tests of apps/server and apps/web share it): each circle
 * once, as its files in order with the first repeated at the end, found by a depth-first walk from the
 * files in sorted order so the answer is the same on every run.
 */
export function importCircles(edges) {
  const next = new Map();
  for (const { from, to } of edges) next.set(from, [...(next.get(from) ?? []), to]);
  const found = [];
  const state = new Map();
  const stack = [];
  const visit = (file) => {
    state.set(file, 'open');
    stack.push(file);
    for (const to of next.get(file) ?? []) {
      if (state.get(to) === 'open') found.push([...stack.slice(stack.indexOf(to)), to].join(' → '));
      else if (!state.has(to)) visit(to);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of [...next.keys()].sort()) if (!state.has(file)) visit(file);
  return found;
}
