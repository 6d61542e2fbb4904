import '../messages';
import { AppstoreOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { FILE_KINDS, FILE_SORTS, FILES_API, type FileItem, type FileKind } from '@tally/contracts';
import { Card, Empty, Segmented, Select, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListPagination } from '../../../components/list-pagination';
import { ExportButton } from '../../../components/resource-table/export-button';
import { ListSearch } from '../../../components/resource-table/list-search';
import { useResourceList } from '../../../components/resource-table/use-resource-list';
import { FILE_FILTERS, FILES_KEY, type FileFilters, type FileSort, getFiles } from '../api';
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
  const list = useResourceList<FileItem, FileFilters, FileSort>({
    key: FILES_KEY,
    fetch: getFiles,
    filters: FILE_FILTERS,
    limit: PAGE_SIZE[view],
    sort: '-id',
    sorts: FILE_SORTS,
  });
  const { remove, holder } = useFileDelete(list.deselect);
  const files = list.data?.list ?? [];
  // Each view has its own page size: the page and limit of the other do not carry over.
  const setView = (next: View) =>
    setParams(
      (current) => {
        const kept = new URLSearchParams(current);
        kept.delete('page');
        kept.delete('limit');
        if (next === 'grid') kept.delete('view');
        else kept.set('view', next);
        return kept;
      },
      { replace: true },
    );
  return (
    <Card className="page-card" data-testid="files-page">
      {holder}
      <FileUploader />
      <div className="list-toolbar">
        <ListSearch list={list} placeholder={t('files.search')} data-testid="files-search" />
        <Select<FileKind | undefined>
          allowClear
          className="list-filter"
          placeholder={t('files.allKinds')}
          aria-label={t('files.allKinds')}
          value={list.filters.kind}
          onChange={(kind) => list.setFilters({ kind })}
          options={FILE_KINDS.map((k) => ({ value: k, label: t(`files.kinds.${k}`) }))}
        />
        <Segmented<View>
          value={view}
          onChange={setView}
          aria-label={`${t('files.grid')} / ${t('files.table')}`}
          options={[
            { value: 'grid', icon: <AppstoreOutlined />, label: t('files.grid') },
            { value: 'table', icon: <UnorderedListOutlined />, label: t('files.table') },
          ]}
          data-testid="files-view"
        />
        <ExportButton endpoint={FILES_API.export} query={list.query} data-testid="files-export" />
      </div>
      {view === 'table' ? (
        <FilesTable list={list} remove={remove} />
      ) : (
        <Spin spinning={list.loading}>
          {files.length > 0 ? (
            <FilesGrid files={files} onDelete={(id) => void remove([id])} />
          ) : (
            <Empty description={t('files.empty')} className="list-empty" />
          )}
          <ListPagination
            page={list.query.page}
            pageSize={list.query.limit}
            total={list.data?.total}
            onChange={(page) => list.setPage(page)}
            totalText={(total) => t('files.total', { count: total })}
          />
        </Spin>
      )}
    </Card>
  );
}
