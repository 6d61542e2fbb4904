import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { keywordMatch, type ListQuery, type ListSpec, listPage, mapPage } from '../../db/list-query.js';
import { Repository } from '../../db/repository.js';
import { type FileRow, files, users } from '../../db/schema/index.js';

export type NewFile = Omit<FileRow, 'id' | 'createdAt'>;
export interface FileWithUploader extends FileRow {
  uploaderName: string | null;
}

export interface FileFilter {
  keyword?: string;
  kind?: string;
}

const LIST: ListSpec = {
  sorts: { id: files.id, size: files.size, name: files.originalName },
  tiebreak: files.id,
};

const WITH_UPLOADER = { file: files, uploaderName: users.username };
const uploader = () => eq(users.id, files.uploaderId);

export class FilesRepository extends Repository {
  private where(filter: FileFilter): SQL | undefined {
    return and(
      keywordMatch(filter.keyword, files.originalName),
      filter.kind ? eq(files.kind, filter.kind) : undefined,
    );
  }

  async list(filter: FileFilter, query: ListQuery) {
    const where = this.where(filter);
    const rows = this.orm
      .select(WITH_UPLOADER)
      .from(files)
      .leftJoin(users, uploader())
      .where(where)
      .$dynamic();
    const page = await listPage(rows, this.orm.$count(files, where), query, LIST);
    return mapPage(page, (r): FileWithUploader => ({ ...r.file, uploaderName: r.uploaderName }));
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
