import type { FileItem } from '@tally/contracts';
import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatDate } from '../../../lib/formatters';
import { FileActions } from './file-actions';
import { FileThumb } from './file-thumb';

interface Props {
  files: FileItem[];
  loading: boolean;
  selected: number[];
  onSelect(ids: number[]): void;
  onDelete(id: number): void;
}

/** The list view: every detail of a file, with row selection for deleting several. */
export function FilesTable({ files, loading, selected, onSelect, onDelete }: Props) {
  const { t } = useTranslation();
  const columns: TableColumnsType<FileItem> = [
    {
      title: t('files.name'),
      dataIndex: 'name',
      render: (_, file) => (
        <span className="file-name-cell">
          <FileThumb file={file} size={40} />
          <span className="break-all">{file.name}</span>
        </span>
      ),
    },
    { title: t('files.type'), dataIndex: 'mime', width: 150 },
    { title: t('files.size'), dataIndex: 'size', width: 100, render: (size: number) => formatBytes(size) },
    {
      title: t('files.dimensions'),
      width: 110,
      render: (_, file) => (file.width && file.height ? `${file.width}×${file.height}` : '—'),
    },
    { title: t('files.uploader'), dataIndex: 'uploader_name', width: 120 },
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
      render: (_, file) => <FileActions file={file} onDelete={onDelete} />,
    },
  ];
  return (
    <Table<FileItem>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={files}
      loading={loading}
      pagination={false}
      scroll={{ x: 960 }}
      rowSelection={{ selectedRowKeys: selected, onChange: (keys) => onSelect(keys as number[]) }}
      data-testid="files-table"
    />
  );
}
