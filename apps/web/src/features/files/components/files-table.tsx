import type { FileItem } from '@tally/contracts';
import { useTranslation } from 'react-i18next';
import { type ResourceColumns, ResourceTable } from '../../../components/resource-table/resource-table';
import type { ResourceList } from '../../../components/resource-table/use-resource-list';
import { UserText } from '../../../components/user-text';
import { formatBytes, formatDate } from '../../../lib/formatters';
import type { FileFilters, FileSort } from '../api';
import { FileActions } from './file-actions';
import { FileThumb } from './file-thumb';

interface Props {
  list: ResourceList<FileItem, FileFilters, FileSort>;
  remove(ids: number[]): Promise<readonly number[]>;
}

/** The list view: every detail of a file, with row selection for deleting several. */
export function FilesTable({ list, remove }: Props) {
  const { t } = useTranslation();
  const columns: ResourceColumns<FileItem> = [
    {
      title: t('files.name'),
      dataIndex: 'name',
      sortKey: 'name',
      render: (_, file) => (
        <span className="file-name-cell">
          <FileThumb file={file} size={40} />
          <UserText className="break-all">{file.name}</UserText>
        </span>
      ),
    },
    { title: t('files.type'), dataIndex: 'mime', width: 150 },
    {
      title: t('files.size'),
      dataIndex: 'size',
      sortKey: 'size',
      width: 100,
      render: (size: number) => formatBytes(size),
    },
    {
      title: t('files.dimensions'),
      width: 110,
      render: (_, file) => (file.width && file.height ? `${file.width}×${file.height}` : '—'),
    },
    { title: t('files.uploader'), dataIndex: 'uploader_name', width: 120, userContent: true },
    {
      title: t('files.time'),
      dataIndex: 'created_at',
      width: 170,
      render: (time: string) => formatDate(time),
    },
    {
      title: t('files.actions'),
      width: 130,
      fixed: 'right',
      render: (_, file) => (
        <FileActions file={file} onDelete={(id) => void remove([id]).then(list.deselect)} />
      ),
    },
  ];
  return (
    <ResourceTable
      list={list}
      columns={columns}
      scrollX={960}
      emptyText={t('files.empty')}
      totalText={(total) => t('files.total', { count: total })}
      batchDelete={{ label: (count) => t('files.deleteSelected', { count }), remove }}
      data-testid="files-table"
    />
  );
}
