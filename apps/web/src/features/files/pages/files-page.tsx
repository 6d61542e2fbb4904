import '../messages';
import { AppstoreOutlined, DeleteOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { FILE_KINDS, type FileKind } from '@tally/contracts';
import { Button, Card, Empty, Input, Segmented, Select, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListPagination } from '../../../components/list-pagination';
import { useFiles } from '../api/get-files';
import { FileUploader } from '../components/file-uploader';
import { FilesGrid } from '../components/files-grid';
import { FilesTable } from '../components/files-table';
import { useFileDelete } from '../components/use-file-delete';

type View = 'grid' | 'table';
const PAGE_SIZE = { grid: 24, table: 20 } as const;

/** /admin/files 素材管理: upload, browse as a grid or a table, search, copy, delete. */
export default function FilesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'table' ? 'table' : 'grid';
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [kind, setKind] = useState<FileKind | undefined>();
  const [selected, setSelected] = useState<number[]>([]);
  const limit = PAGE_SIZE[view];
  const files = useFiles({ page, limit, keyword: keyword || undefined, kind });
  const { remove, holder } = useFileDelete((ids) => setSelected((s) => s.filter((id) => !ids.includes(id))));
  const list = files.data?.list ?? [];
  const setView = (next: View) => {
    setParams(next === 'grid' ? {} : { view: next }, { replace: true });
    setPage(1);
  };
  return (
    <Card className="page-card" data-testid="files-page">
      {holder}
      <FileUploader />
      <div className="list-toolbar">
        <Input.Search
          allowClear
          className="list-search"
          placeholder={t('files.search')}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPage(1);
          }}
          data-testid="files-search"
        />
        <Select<FileKind | undefined>
          allowClear
          className="list-filter"
          placeholder={t('files.allKinds')}
          value={kind}
          onChange={(value) => {
            setKind(value);
            setPage(1);
          }}
          options={FILE_KINDS.map((k) => ({ value: k, label: t(`files.kinds.${k}`) }))}
        />
        <Segmented<View>
          value={view}
          onChange={setView}
          options={[
            { value: 'grid', icon: <AppstoreOutlined />, label: t('files.grid') },
            { value: 'table', icon: <UnorderedListOutlined />, label: t('files.table') },
          ]}
          data-testid="files-view"
        />
        {view === 'table' && selected.length > 0 && (
          <Button danger icon={<DeleteOutlined />} onClick={() => remove(selected)}>
            {t('files.deleteSelected', { count: selected.length })}
          </Button>
        )}
      </div>
      {view === 'table' ? (
        <FilesTable
          files={list}
          loading={files.isFetching}
          selected={selected}
          onSelect={setSelected}
          onDelete={(id) => remove([id])}
        />
      ) : (
        <Spin spinning={files.isFetching}>
          {list.length > 0 ? (
            <FilesGrid files={list} onDelete={(id) => remove([id])} />
          ) : (
            <Empty description={t('files.empty')} className="list-empty" />
          )}
        </Spin>
      )}
      <ListPagination
        page={page}
        pageSize={limit}
        total={files.data?.total}
        onChange={setPage}
        totalText={(total) => t('files.total', { count: total })}
      />
    </Card>
  );
}
