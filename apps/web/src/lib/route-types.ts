import type { Role } from '@tally/contracts';
import type { ComponentType } from 'react';

/** Route meta of seed section 3. */
export interface RouteMeta {
  title?: string;
  /**
   * The menu icon, loaded when the layout draws the menu: the route table sits in the entry chunk,
   * which the signed-out pages load without antd or its icons.
   */
  icon?: MenuIcon;
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
  /** Shown in the menu only while the server runs as the playground (`npm run demo`). */
  playground?: boolean;
  /** The page sets its own document title and description (public site pages: usePageMeta). */
  ownTitle?: boolean;
}

export type MenuIcon = () => Promise<{ default: ComponentType<{ className?: string }> }>;

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

/** Where a feature's route joins the route table (seed section 2). */
export interface FeatureRoute extends AppRoute {
  /** public: outside the layout; main: the seed table; site: the site-analytics menu. */
  table: 'public' | 'main' | 'site';
  /** A menu group of that table the route belongs to (its path, e.g. '/admin'). */
  group?: string;
  /** Position among its siblings; the seed's entries sit at multiples of 10, leaving room. */
  order: number;
  /**
   * A main-layout page: the name of its module in the feature's `pages/` folder. It loads through
   * the layout's registry (back-office-pages.ts), so its import and preload list stay out of the
   * entry chunk that every first load (/login's too) downloads.
   */
  layoutPage?: string;
}

/**
 * What a feature folder's `index.ts` exports as `feature`. The file is imported eagerly by the
 * entry chunk, so it holds plain data and `() => import(...)` loaders only, never a page.
 */
export interface WebFeature {
  routes: FeatureRoute[];
}
