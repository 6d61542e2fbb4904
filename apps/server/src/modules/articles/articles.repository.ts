import { and, asc, desc, eq, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { keywordMatch, type ListQuery, type ListSpec, listPage, mapPage } from '../../db/list-query.js';
import { Repository } from '../../db/repository.js';
import { type ArticleRow, articleCategories, articles, users } from '../../db/schema/index.js';

export type ArticleValues = Pick<
  ArticleRow,
  'categoryId' | 'title' | 'summary' | 'cover' | 'content' | 'status' | 'pinned' | 'publishAt'
>;

export interface ArticleWithNames extends ArticleRow {
  categoryName: string | null;
  authorName: string | null;
}

export interface ArticleFilter {
  keyword?: string;
  status?: string;
  /** 0 = articles in no category. */
  categoryId?: number;
  pinned?: boolean;
}

const LIST: ListSpec = {
  sorts: {
    id: articles.id,
    publish_at: articles.publishAt,
    updated_at: articles.updatedAt,
    views: articles.views,
  },
  tiebreak: articles.id,
  nullsLast: true,
};

const withNames = {
  article: articles,
  categoryName: articleCategories.name,
  authorName: users.username,
};

/** Published and due: what visitors may see. */
const visible = () => and(eq(articles.status, 'published'), lte(articles.publishAt, sql`now()`));

export class ArticlesRepository extends Repository {
  private selectWithNames() {
    return this.orm
      .select(withNames)
      .from(articles)
      .leftJoin(articleCategories, eq(articleCategories.id, articles.categoryId))
      .leftJoin(users, eq(users.id, articles.authorId));
  }

  private where(filter: ArticleFilter): SQL | undefined {
    return and(
      keywordMatch(filter.keyword, articles.title, articles.summary),
      filter.status ? eq(articles.status, filter.status) : undefined,
      filter.categoryId === 0
        ? isNull(articles.categoryId)
        : filter.categoryId
          ? eq(articles.categoryId, filter.categoryId)
          : undefined,
      filter.pinned === undefined ? undefined : eq(articles.pinned, filter.pinned),
    );
  }

  async list(filter: ArticleFilter, query: ListQuery) {
    const where = this.where(filter);
    const rows = this.selectWithNames().where(where).$dynamic();
    return mapPage(await listPage(rows, this.orm.$count(articles, where), query, LIST), flatten);
  }

  async findById(id: number): Promise<ArticleWithNames | undefined> {
    const [row] = await this.selectWithNames().where(eq(articles.id, id));
    return row && flatten(row);
  }

  async insert(values: ArticleValues & { authorId: number | null }): Promise<number> {
    const [row] = await this.orm.insert(articles).values(values).returning({ id: articles.id });
    return row!.id;
  }

  async update(id: number, values: Partial<ArticleValues>): Promise<boolean> {
    const rows = await this.orm
      .update(articles)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(articles.id, id))
      .returning({ id: articles.id });
    return rows.length > 0;
  }

  async delete(ids: number[]): Promise<number[]> {
    const rows = await this.orm
      .delete(articles)
      .where(inArray(articles.id, ids))
      .returning({ id: articles.id });
    return rows.map((r) => r.id);
  }

  /** Visible articles, pinned first, newest first. */
  async publicList(categoryId: number | undefined, page: { offset: number; limit: number }) {
    const where = and(visible(), categoryId ? eq(articles.categoryId, categoryId) : undefined);
    const rows = await this.selectWithNames()
      .where(where)
      .orderBy(desc(articles.pinned), desc(articles.publishAt), desc(articles.id))
      .limit(page.limit)
      .offset(page.offset);
    const [count] = await this.orm.select({ n: sql<number>`count(*)::int` }).from(articles).where(where);
    return { rows: rows.map(flatten), total: Number(count?.n ?? 0) };
  }

  /** Counts one view of a visible article and returns it; one statement, so concurrent readers all count. */
  async viewVisible(id: number): Promise<ArticleWithNames | undefined> {
    const [counted] = await this.orm
      .update(articles)
      .set({ views: sql`${articles.views} + 1` })
      .where(and(eq(articles.id, id), visible()))
      .returning({ id: articles.id });
    return counted ? this.findById(counted.id) : undefined;
  }

  /** Articles whose cover or body points at any of these addresses. */
  async usingUrls(urls: string[]): Promise<{ id: number; title: string; cover: string; content: string }[]> {
    return this.orm
      .select({ id: articles.id, title: articles.title, cover: articles.cover, content: articles.content })
      .from(articles)
      .where(
        or(inArray(articles.cover, urls), ...urls.map((u) => sql`strpos(${articles.content}, ${u}) > 0`)),
      );
  }

  // Categories

  async listCategories(page: { offset: number; limit: number }) {
    const rows = await this.orm
      .select({ category: articleCategories, articleCount: sql<number>`count(${articles.id})::int` })
      .from(articleCategories)
      .leftJoin(articles, eq(articles.categoryId, articleCategories.id))
      .groupBy(articleCategories.id)
      .orderBy(asc(articleCategories.sort), asc(articleCategories.id))
      .limit(page.limit)
      .offset(page.offset);
    const [count] = await this.orm.select({ n: sql<number>`count(*)::int` }).from(articleCategories);
    return {
      rows: rows.map((r) => ({ ...r.category, articleCount: Number(r.articleCount) })),
      total: Number(count?.n ?? 0),
    };
  }

  /** Every category with its count of visible articles. */
  async publicCategories() {
    const rows = await this.orm
      .select({
        id: articleCategories.id,
        name: articleCategories.name,
        articleCount: sql<number>`count(${articles.id})::int`,
      })
      .from(articleCategories)
      .leftJoin(articles, and(eq(articles.categoryId, articleCategories.id), visible()))
      .groupBy(articleCategories.id)
      .orderBy(asc(articleCategories.sort), asc(articleCategories.id));
    return rows.map((r) => ({ ...r, articleCount: Number(r.articleCount) }));
  }

  async countInCategory(id: number): Promise<number> {
    const [row] = await this.orm
      .select({ n: sql<number>`count(*)::int` })
      .from(articles)
      .where(eq(articles.categoryId, id));
    return Number(row?.n ?? 0);
  }

  async categoryExists(id: number): Promise<boolean> {
    const [row] = await this.orm
      .select({ id: articleCategories.id })
      .from(articleCategories)
      .where(eq(articleCategories.id, id));
    return !!row;
  }

  async categoryNamed(name: string): Promise<number | undefined> {
    const [row] = await this.orm
      .select({ id: articleCategories.id })
      .from(articleCategories)
      .where(sql`lower(${articleCategories.name}) = lower(${name})`);
    return row?.id;
  }

  async insertCategory(values: { name: string; sort: number }) {
    const [row] = await this.orm.insert(articleCategories).values(values).returning();
    return row!;
  }

  async updateCategory(id: number, values: { name: string; sort: number }) {
    const [row] = await this.orm
      .update(articleCategories)
      .set(values)
      .where(eq(articleCategories.id, id))
      .returning();
    return row;
  }

  async deleteCategories(ids: number[]): Promise<number[]> {
    const rows = await this.orm
      .delete(articleCategories)
      .where(inArray(articleCategories.id, ids))
      .returning({ id: articleCategories.id });
    return rows.map((r) => r.id);
  }
}

function flatten(row: { article: ArticleRow; categoryName: string | null; authorName: string | null }) {
  return { ...row.article, categoryName: row.categoryName, authorName: row.authorName };
}
