import type { Role } from '@tally/contracts';
import type { ComponentType } from 'react';

/** Route meta of seed section 3. */
export interface RouteMeta {
  title?: string;
  /** Key into the layout's icon registry; kept a string so the table stays plain data. */
  icon?: string;
  roles?: readonly Role[];
  /** Pinned in the tags bar: never closed. */
  affix?: boolean;
  /** false hides the route from the breadcrumb. */
  breadcrumb?: boolean;
  /** Menu entry to highlight while this hidden route is shown. */
  activeMenu?: string;
  /** Not kept alive in the tags bar. */
  noCache?: boolean;
  /** Not shown in the menu. */
  hidden?: boolean;
  /** The page sets its own document title and description (public site pages: usePageMeta). */
  ownTitle?: boolean;
}

export type PageLoader = () => Promise<{ default: ComponentType }>;

export interface AppRoute {
  /** Absolute path pattern (react-router syntax); groups carry the common prefix. */
  path: string;
  meta?: RouteMeta;
  /** Missing on a leaf: the page of a later issue, shown as its title and an empty state. */
  page?: PageLoader;
  /** The page renders without antd, so its first load stays small (signed-out pages; bench/web-bundle.mjs). */
  light?: boolean;
  children?: AppRoute[];
}
