/**
 * The schemas of articles and their categories (articles.ts declares their calls). Apart from the calls so
 * that the back office's article pages do not carry them, and zod with them, on their first load.
 */
import { z } from 'zod';
import {
  ARTICLE_CONTENT_MAX,
  ARTICLE_ID_PATTERN,
  ARTICLE_SORTS,
  ARTICLE_STATUSES,
} from './articles-constants.js';
import { pageQuerySchema, pageSchema } from './envelope.js';
import { imageSourceSchema, plainText, queryBoolean, storableString } from './text.js';

export const articleIdSchema = storableString().regex(ARTICLE_ID_PATTERN, 'digits only, 1 to 62');
export const articleStatusSchema = z.enum(ARTICLE_STATUSES);

export const categorySchema = z.object({
  id: z.number().int(),
  name: storableString(),
  sort: z.number().int(),
  /** Every article in it, drafts included. */
  article_count: z.number().int(),
  created_at: storableString(),
});
export type ArticleCategory = z.infer<typeof categorySchema>;

export const categoryListQuerySchema = pageQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(200).default(100),
});

export const categorySaveBodySchema = z.object({
  id: z.number().int().positive().optional(),
  name: plainText(32).min(1, 'required'),
  /** Smaller first. */
  sort: z.number().int().min(0).max(9999).default(0),
});
export type CategorySaveBody = z.input<typeof categorySaveBodySchema>;

/** Deleting a category leaves its articles without one. */
export const categoryDeleteBodySchema = z.object({
  ids: z.array(z.number().int().positive()).min(1).max(200),
});

export const articleSchema = z.object({
  id: z.number().int(),
  title: storableString(),
  summary: storableString(),
  cover: storableString(),
  /** Sanitised HTML, as stored. */
  content: storableString(),
  status: articleStatusSchema,
  pinned: z.boolean(),
  category_id: z.number().int().nullable(),
  category_name: storableString().nullable(),
  /** ISO time; a published article is public once this has passed. Null for a draft never published. */
  publish_at: storableString().nullable(),
  views: z.number().int(),
  author_id: z.number().int().nullable(),
  author_name: storableString(),
  created_at: storableString(),
  updated_at: storableString(),
});
export type Article = z.infer<typeof articleSchema>;

export const articleListItemSchema = articleSchema.omit({ content: true });
export type ArticleListItem = z.infer<typeof articleListItemSchema>;
export const articleListSchema = pageSchema(articleListItemSchema);

export const articleListQuerySchema = pageQuerySchema.extend({
  sort: z.enum(ARTICLE_SORTS).default('-id'),
  /** Matches title or summary. */
  keyword: plainText(64).optional(),
  status: articleStatusSchema.optional(),
  /** 0 = articles in no category. */
  category_id: z.coerce.number().int().min(0).optional(),
  pinned: queryBoolean.optional(),
});
export type ArticleListQuery = z.input<typeof articleListQuerySchema>;

export const articleDetailQuerySchema = z.object({ id: z.coerce.number().int().positive() });

/** `POST article/save`: create, or update when `id` is given. `content` is sanitised by the server. */
export const articleSaveBodySchema = z.object({
  id: z.number().int().positive().optional(),
  title: plainText(200).min(1, 'required'),
  summary: plainText(500).default(''),
  cover: imageSourceSchema.default(''),
  content: storableString().max(ARTICLE_CONTENT_MAX, `at most ${ARTICLE_CONTENT_MAX} characters`).default(''),
  status: articleStatusSchema.default('draft'),
  pinned: z.boolean().default(false),
  category_id: z.number().int().positive().nullable().default(null),
  /** ISO time with offset; null when publishing means now. A future time schedules the article. */
  publish_at: z.iso.datetime({ offset: true }).nullable().default(null),
});
export type ArticleSaveBody = z.input<typeof articleSaveBodySchema>;

export const articleDeleteBodySchema = z.object({
  ids: z.array(z.number().int().positive()).min(1).max(200),
});
export const articleSwitchBodySchema = z.object({
  id: z.number().int().positive(),
  status: articleStatusSchema,
});
export const articlePinBodySchema = z.object({
  id: z.number().int().positive(),
  pinned: z.boolean(),
});

/** `GET api2/article/fetch`: `id` for one article, else a page, optionally of one category. */
export const publicArticleQuerySchema = z.object({
  id: articleIdSchema.optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(10),
  category_id: z.coerce.number().int().positive().optional(),
});
export type PublicArticleQuery = z.input<typeof publicArticleQuerySchema>;

export const publicArticleSchema = z.object({
  id: z.number().int(),
  title: storableString(),
  summary: storableString(),
  cover: storableString(),
  pinned: z.boolean(),
  category_id: z.number().int().nullable(),
  category_name: storableString().nullable(),
  publish_at: storableString(),
  views: z.number().int(),
});
export type PublicArticle = z.infer<typeof publicArticleSchema>;

export const publicArticleDetailSchema = publicArticleSchema.extend({ content: storableString() });
export type PublicArticleDetail = z.infer<typeof publicArticleDetailSchema>;

export const publicArticleListSchema = pageSchema(publicArticleSchema);
export type PublicArticleList = z.infer<typeof publicArticleListSchema>;

/** With `id` the answer is one article (views counted), else a page (pinned first, newest first). */
export const publicArticleFetchResponseSchema = z.union([publicArticleDetailSchema, publicArticleListSchema]);

export const publicCategorySchema = z.object({
  id: z.number().int(),
  name: storableString(),
  /** Published, visible articles only. */
  article_count: z.number().int(),
});
export const publicCategoryListSchema = z.object({ list: z.array(publicCategorySchema) });

/** `POST article/del` and `article_category/del`: the ids that existed and are gone. */
export const deletedIdsSchema = z.object({ deleted: z.array(z.number().int()) });
