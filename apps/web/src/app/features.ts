import type { FeatureRoute, WebFeature } from '../lib/route-types';

/**
 * Every feature folder's `index.ts`, found at build time: adding a feature adds its folder and
 * edits no shared web file. The files are eager (they are the route table), so they stay tiny.
 */
const modules = import.meta.glob<{ feature: WebFeature }>('../features/*/index.ts', { eager: true });

/** Each feature's routes, with the folder they come from (layout pages are found through it). */
export const FEATURE_ROUTES: readonly (FeatureRoute & { folder: string })[] = Object.entries(modules).flatMap(
  ([path, m]) => m.feature.routes.map((route) => ({ ...route, folder: path.split('/')[2] })),
);
