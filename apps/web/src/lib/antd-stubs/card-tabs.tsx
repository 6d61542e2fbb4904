/**
 * Stands in for antd's Tabs inside antd's Card only (vite.config.ts, `antdStubs`): Card imports Tabs
 * for its `tabList` alone, which Tally never uses, and the import would otherwise put the tabs into the
 * antd chunk every page loads. Pages that import Tabs themselves still get antd's real Tabs.
 * Rendering it means somebody gave a Card a `tabList`: fail loudly.
 */
export default function CardTabsStub(): never {
  throw new Error('Card tabList is not built into Tally (use Tabs beside the Card); see vite.config.ts');
}
