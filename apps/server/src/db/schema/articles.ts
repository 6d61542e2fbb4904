import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

export const articleCategories = pgTable(
  'article_categories',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('article_categories_name_key').on(sql`lower(${t.name})`)],
);

export const articles = pgTable(
  'articles',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    categoryId: bigint('category_id', { mode: 'number' }).references(() => articleCategories.id, {
      onDelete: 'set null',
    }),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    cover: text('cover').notNull().default(''),
    /** Sanitised on save; never stored as sent. */
    content: text('content').notNull().default(''),
    status: text('status').notNull().default('draft'),
    pinned: boolean('pinned').notNull().default(false),
    /** Public once status is published and this time has passed. */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    views: bigint('views', { mode: 'number' }).notNull().default(0),
    authorId: bigint('author_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('articles_public_idx').on(t.status, t.pinned, t.publishAt),
    index('articles_category_idx').on(t.categoryId),
  ],
);

export type ArticleRow = typeof articles.$inferSelect;
export type ArticleCategoryRow = typeof articleCategories.$inferSelect;
