import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { sites } from './analytics.js';

/**
 * Names other analytics tools' clients give a site (issue 28): an Umami website id (any string the old
 * install used) or a Matomo numeric `idsite`. Plausible names a site by domain, which `sites.domains`
 * already holds. The key is (kind, value): one alias names one site across all users, so a hit sent
 * with it can be routed without knowing who owns the site.
 */
export const siteAliases = pgTable(
  'site_aliases',
  {
    /** `umami` or `matomo` (SITE_ALIAS_KINDS in contracts). */
    kind: text('kind').notNull(),
    value: text('value').notNull(),
    siteId: bigint('site_id', { mode: 'number' })
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.value] }), index('site_aliases_site_id_idx').on(t.siteId)],
);

/**
 * Properties a client attached to a visitor (Umami `identify`, a Matomo `uid`): one row per site and
 * visitor id, merged key by key on every identify. Rare writes, so it is an ordinary table with a
 * foreign key (a deleted site takes its rows along).
 */
export const visitorProps = pgTable(
  'visitor_props',
  {
    siteId: bigint('site_id', { mode: 'number' })
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    visitor: text('visitor').notNull(),
    /** The client's own id for the person (Umami `id`, Matomo `uid`), when it sent one. */
    distinctId: text('distinct_id'),
    props: jsonb('props').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.visitor] })],
);

export type SiteAliasRow = typeof siteAliases.$inferSelect;
export type VisitorPropsRow = typeof visitorProps.$inferSelect;
