/**
 * Stands in for antd's Tree inside antd's table column-filter dropdown only (vite.config.ts,
 * `antdStubs`): the dropdown imports Tree for `filterMode: 'tree'` alone, which Tally never uses, and
 * the import would otherwise put the tree (@rc-component/tree, about 46 KB raw) into the antd chunk
 * every page loads. Rendering it means somebody started using tree filters: fail loudly.
 */
export default function TreeFilterStub(): never {
  throw new Error('tree column filters are not built into Tally; see vite.config.ts');
}
