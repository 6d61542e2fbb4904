import { and, asc, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import { type FileRow, files, users } from '../../db/schema/index.js';

export type NewFile = Omit<FileRow, 'id' | 'createdAt'>;
export interface FileWithUploader extends FileRow {
  uploaderName: string | null;
}

export interface FileFilter {
  keyword?: string;
  kind?: string;
}

const SORTS = { id: files.id, size: files.size, name: files.originalName } as const;

export class FilesRepository {
  constructor(private readonly orm: Orm) {}

  private where(filter: FileFilter): SQL | undefined {
    const like = filter.keyword && `%${filter.keyword.replace(/[\\%_]/g, '\\$&')}%`;
    return and(
      like ? ilike(files.originalName, like) : undefined,
      filter.kind ? eq(files.kind, filter.kind) : undefined,
    );
  }

  async list(filter: FileFilter, page: { offset: number; limit: number; sort: string }) {
    const field = SORTS[page.sort.replace(/^-/, '') as keyof typeof SORTS] ?? files.id;
    const where = this.where(filter);
    const rows = await this.orm
      .select({ file: files, uploaderName: users.username })
      .from(files)
      .leftJoin(users, eq(users.id, files.uploaderId))
      .where(where)
      .orderBy(page.sort.startsWith('-') ? desc(field) : asc(field), desc(files.id))
      .limit(page.limit)
      .offset(page.offset);
    const [count] = await this.orm.select({ n: sql<number>`count(*)::int` }).from(files).where(where);
    return {
      rows: rows.map((r): FileWithUploader => ({ ...r.file, uploaderName: r.uploaderName })),
      total: Number(count?.n ?? 0),
    };
  }

  async insertMany(rows: NewFile[]): Promise<FileRow[]> {
    return this.orm.insert(files).values(rows).returning();
  }

  async findByIds(ids: number[]): Promise<FileRow[]> {
    return this.orm.select().from(files).where(inArray(files.id, ids)).orderBy(asc(files.id));
  }

  async delete(ids: number[]): Promise<FileRow[]> {
    return this.orm.delete(files).where(inArray(files.id, ids)).returning();
  }
}
