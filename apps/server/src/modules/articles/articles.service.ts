import type {
  Article,
  ArticleCategory,
  ArticleListItem,
  ArticleStatus,
  AuditAction,
  articleListQuerySchema,
  articleSaveBodySchema,
  categorySaveBodySchema,
  FileUser,
  PublicArticle,
  PublicArticleDetail,
} from '@tally/contracts';
import type { z } from 'zod';
import type { Transactor } from '../../db/client.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import { fieldError, notFound } from '../../lib/errors.js';
import type { Actor, AuditService } from '../audit/audit.service.js';
import type { ArticlesRepository, ArticleWithNames } from './articles.repository.js';
import { plainTextOf, sanitizeArticleHtml } from './sanitize.js';

type SaveBody = z.output<typeof articleSaveBodySchema>;
type ListQuery = z.output<typeof articleListQuerySchema>;
type CategoryBody = z.output<typeof categorySaveBodySchema>;

const SUMMARY_MAX = 200;

const pageOf = (page: number, limit: number) => ({ offset: (page - 1) * limit, limit });

/** A digits-only id of up to 62 digits (seed): anything beyond our ids' range simply does not exist. */
function parsePublicId(id: string): number | undefined {
  const n = BigInt(id);
  return n > 0n && n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : undefined;
}

/** Writes the audit row of a change: who changed which article or category. */
type Record = (action: AuditAction, target: string, after?: unknown) => Promise<void>;

export class ArticlesService {
  constructor(
    private readonly repo: ArticlesRepository,
    private readonly audit: AuditService,
    private readonly db: Transactor,
  ) {}

  /** A change and its audit row in one transaction: the trail an admin reads never misses or invents one. */
  private change<T>(actor: Actor, fn: (repo: ArticlesRepository, record: Record) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) =>
      fn(this.repo.in(tx), (action, target, after) =>
        this.audit.record({ actorId: actor.userId, action, target, ip: actor.ip, after }, tx),
      ),
    );
  }

  async list(query: ListQuery) {
    const found = await this.repo.list(
      { keyword: query.keyword, status: query.status, categoryId: query.category_id, pinned: query.pinned },
      query,
    );
    return { ...found, list: found.list.map(toListItem) };
  }

  async get(id: number, repo = this.repo): Promise<Article> {
    const row = await repo.findById(id);
    if (!row) throw notFound('Article not found');
    return toArticle(row);
  }

  /**
   * Creates or updates. The HTML is sanitised here, whatever the editor sent; an empty summary is
   * taken from the text. Publishing without a time publishes now, and keeps an earlier publish time.
   */
  save(body: SaveBody, actor: Actor): Promise<Article> {
    return this.change(actor, async (repo, record) => {
      const saved = await this.write(repo, body, actor.userId);
      const action = body.id ? 'articles.update' : 'articles.create';
      await record(action, `article:${saved.id}`, { title: saved.title, status: saved.status });
      return saved;
    });
  }

  private async write(repo: ArticlesRepository, body: SaveBody, authorId: number | null): Promise<Article> {
    if (body.category_id !== null && !(await repo.categoryExists(body.category_id)))
      throw fieldError('category_id', 'no such category');
    const existing = body.id ? await repo.findById(body.id) : undefined;
    if (body.id && !existing) throw notFound('Article not found');
    const content = sanitizeArticleHtml(body.content);
    const values = {
      categoryId: body.category_id,
      title: body.title,
      summary: body.summary || plainTextOf(content, SUMMARY_MAX),
      cover: body.cover,
      content,
      status: body.status,
      pinned: body.pinned,
      publishAt: this.publishTime(body.status, body.publish_at, existing?.publishAt ?? null),
    };
    if (!existing) return this.get(await repo.insert({ ...values, authorId }), repo);
    await repo.update(existing.id, values);
    return this.get(existing.id, repo);
  }

  private publishTime(status: ArticleStatus, requested: string | null, current: Date | null): Date | null {
    if (requested) return new Date(requested);
    if (status === 'published') return current ?? new Date();
    return current;
  }

  delete(ids: number[], actor: Actor): Promise<number[]> {
    return this.change(actor, async (repo, record) => {
      const deleted = await repo.delete(ids);
      if (deleted.length > 0) await record('articles.delete', `articles:${deleted.join(',')}`);
      return deleted;
    });
  }

  setStatus(id: number, status: ArticleStatus, actor: Actor): Promise<Article> {
    return this.change(actor, async (repo, record) => {
      const current = await this.get(id, repo);
      const publishAt = this.publishTime(
        status,
        null,
        current.publish_at ? new Date(current.publish_at) : null,
      );
      await repo.update(id, { status, publishAt });
      const article = await this.get(id, repo);
      await record('articles.status', `article:${id}`, { status: article.status });
      return article;
    });
  }

  setPinned(id: number, pinned: boolean, actor: Actor): Promise<Article> {
    return this.change(actor, async (repo, record) => {
      if (!(await repo.update(id, { pinned }))) throw notFound('Article not found');
      const article = await this.get(id, repo);
      await record('articles.pin', `article:${id}`, { pinned: article.pinned });
      return article;
    });
  }

  // Public

  async publicList(query: { page: number; limit: number; category_id?: number }) {
    const { rows, total } = await this.repo.publicList(query.category_id, pageOf(query.page, query.limit));
    return { list: rows.map(toPublic), total, page: query.page, limit: query.limit };
  }

  /** One visible article, its view counted. */
  async publicRead(id: string): Promise<PublicArticleDetail> {
    const numeric = parsePublicId(id);
    const row = numeric === undefined ? undefined : await this.repo.viewVisible(numeric);
    if (!row) throw notFound('Article not found');
    return { ...toPublic(row), content: row.content };
  }

  async publicCategories() {
    const rows = await this.repo.publicCategories();
    return { list: rows.map((c) => ({ id: c.id, name: c.name, article_count: c.articleCount })) };
  }

  /** Articles showing any of these files (asked before a file is deleted). */
  async usingFiles(urls: string[]): Promise<Map<string, FileUser[]>> {
    const found = new Map<string, FileUser[]>();
    for (const a of await this.repo.usingUrls(urls)) {
      for (const url of urls) {
        if (a.cover !== url && !a.content.includes(url)) continue;
        found.set(url, [...(found.get(url) ?? []), { kind: 'article', id: String(a.id), title: a.title }]);
      }
    }
    return found;
  }

  // Categories

  async listCategories(query: { page: number; limit: number }) {
    const { rows, total } = await this.repo.listCategories(pageOf(query.page, query.limit));
    return { list: rows.map(toCategory), total, page: query.page, limit: query.limit };
  }

  async saveCategory(body: CategoryBody, actor: Actor): Promise<ArticleCategory> {
    const holder = await this.repo.categoryNamed(body.name);
    if (holder !== undefined && holder !== body.id)
      throw fieldError('name', 'a category with this name exists');
    try {
      return await this.change(actor, async (repo, record) => {
        const row = body.id
          ? await repo.updateCategory(body.id, { name: body.name, sort: body.sort })
          : await repo.insertCategory({ name: body.name, sort: body.sort });
        if (!row) throw notFound('Category not found');
        await record('article_categories.save', `article_category:${row.id}`, { name: row.name });
        return toCategory({ ...row, articleCount: await repo.countInCategory(row.id) });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw fieldError('name', 'a category with this name exists');
      throw err;
    }
  }

  deleteCategories(ids: number[], actor: Actor): Promise<number[]> {
    return this.change(actor, async (repo, record) => {
      const deleted = await repo.deleteCategories(ids);
      if (deleted.length > 0)
        await record('article_categories.delete', `article_categories:${deleted.join(',')}`);
      return deleted;
    });
  }
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toListItem(row: ArticleWithNames): ArticleListItem {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    cover: row.cover,
    status: row.status as ArticleStatus,
    pinned: row.pinned,
    category_id: row.categoryId,
    category_name: row.categoryName,
    publish_at: iso(row.publishAt),
    views: row.views,
    author_id: row.authorId,
    author_name: row.authorName ?? '',
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const toArticle = (row: ArticleWithNames): Article => ({ ...toListItem(row), content: row.content });

function toPublic(row: ArticleWithNames): PublicArticle {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    cover: row.cover,
    pinned: row.pinned,
    category_id: row.categoryId,
    category_name: row.categoryName,
    publish_at: iso(row.publishAt) ?? '',
    views: row.views,
  };
}

function toCategory(row: { id: number; name: string; sort: number; createdAt: Date; articleCount: number }) {
  return {
    id: row.id,
    name: row.name,
    sort: row.sort,
    article_count: row.articleCount,
    created_at: row.createdAt.toISOString(),
  };
}
