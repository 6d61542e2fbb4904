import { FILE_KIND_LABELS, type FileItem } from '@tally/contracts';
import type { CsvSpec } from '../../lib/csv-export.js';

/** 文件管理 as CSV. */
export const FILE_CSV: CsvSpec<FileItem> = {
  file: 'files',
  columns: [
    { key: 'id' },
    { key: 'name' },
    { key: 'url' },
    { key: 'kind', label: { zh: '类型', en: 'Type' }, labels: FILE_KIND_LABELS },
    { key: 'mime' },
    { key: 'size' },
    { key: 'width' },
    { key: 'height' },
    { key: 'uploader_name' },
    { key: 'created_at', time: true },
  ],
};
