import type { WebFeature } from './route-types';

/**
 * Every feature folder's `index.ts`, found at build time: adding a feature adds its folder and
 * edits no shared web file. The files are eager (they are the route table), so they stay tiny.
 */
const modules = import.meta.glob<{ feature: WebFeature }>('../features/*/index.ts', { eager: true });

export const FEATURES: readonly WebFeature[] = Object.values(modules).map((m) => m.feature);
