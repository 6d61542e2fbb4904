/**
 * Plain values of articles without zod (articles-schemas.ts builds the schemas from them), so that the
 * web's article pages can import them without loading the schemas. articles.ts re-exports them.
 */

/** Article ids in addresses: digits only, 1 to 62 of them (seed section 5). */
export const ARTICLE_ID_PATTERN = /^\d{1,62}$/;

export const ARTICLE_STATUSES = ['draft', 'published'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

export const ARTICLE_CONTENT_MAX = 500_000;

export const ARTICLE_SORTS = [
  '-id',
  'id',
  '-publish_at',
  'publish_at',
  '-updated_at',
  'updated_at',
  '-views',
  'views',
] as const;
