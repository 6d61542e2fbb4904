import { ARTICLE_STATUS_LABELS, type ArticleListItem } from '@tally/contracts';
import type { CsvSpec } from '../../lib/csv-export.js';

/** 文章管理 as CSV (without the article bodies). */
export const ARTICLE_CSV: CsvSpec<ArticleListItem> = {
  file: 'articles',
  columns: [
    { key: 'id' },
    { key: 'title' },
    { key: 'category_name' },
    { key: 'status', labels: ARTICLE_STATUS_LABELS },
    { key: 'pinned' },
    { key: 'views' },
    { key: 'author_name' },
    { key: 'publish_at', time: true },
    { key: 'created_at', time: true },
    { key: 'updated_at', time: true },
  ],
};
