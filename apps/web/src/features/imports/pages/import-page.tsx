import { IMPORT_KINDS, type ImportKind } from '@tally/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Radio, Select, Space, Table, Typography, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useFeedback } from '../../../lib/feedback';
import { useAppStore } from '../../../stores/app';
import { type ImportList, importsApi, importsKey } from '../api';
import { useImportColumns } from '../components/import-columns';
import '../messages';

const ACCEPT: Record<ImportKind, string> = { umami: '.csv,.gz', plausible: '.zip', log: '.log,.gz,.txt' };
/** /sites/import 导入历史: upload a site's history and follow each import's progress; undo one. */
export default function ImportPage() {
  const { t } = useTranslation();
  // The app's theme-aware message API: there is no antd <App> around the pages, so App.useApp()
  // would hand out an empty object and the first message call would throw.
  const { message } = useFeedback();
  const sites = useAppStore((s) => s.sites);
  const selected = useAppStore((s) => s.site);
  const [params, setParams] = useSearchParams();
  const siteId = Number(params.get('site')) || selected?.id || sites[0]?.id;
  const [kind, setKind] = useState<ImportKind>('umami');
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [uploading, setUploading] = useState<number | null>(null);
  const client = useQueryClient();

  const list = useQuery({
    queryKey: importsKey(siteId ?? 0),
    queryFn: () => importsApi.list(siteId!),
    enabled: siteId !== undefined,
    // While an import runs, its progress is read every second.
    refetchInterval: (q) =>
      q.state.data?.list.some((i) => i.status === 'queued' || i.status === 'running') ? 1000 : false,
  });
  const refresh = () => client.invalidateQueries({ queryKey: importsKey(siteId ?? 0) });
  const start = useMutation({
    mutationFn: () =>
      importsApi.upload(
        siteId!,
        kind,
        files.map((f) => f.originFileObj as File),
        setUploading,
      ),
    onSuccess: (r) => {
      setFiles([]);
      // The new import shows at once (queued), which starts the polling below; the refetch then
      // brings the list up to date with the server.
      client.setQueryData<ImportList>(importsKey(r.import.site_id), (old) =>
        old && !old.list.some((i) => i.id === r.import.id) ? { list: [r.import, ...old.list] } : old,
      );
      void refresh();
      void message[r.duplicate ? 'info' : 'success'](
        t(r.duplicate ? 'imports.duplicate' : 'imports.started'),
      );
    },
    onSettled: () => setUploading(null),
  });
  const undo = useMutation({
    mutationFn: (id: number) => importsApi.undo({ id }),
    onSuccess: () => {
      void refresh();
      void message.success(t('imports.undone'));
    },
  });

  const { columns, narrow } = useImportColumns((id) => undo.mutateAsync(id));

  return (
    <Space orientation="vertical" size="middle" className="import-page" style={{ width: '100%' }}>
      <Card className="page-card">
        <PageHeader title={t('imports.title')}>
          <Select
            className="import-site"
            value={siteId}
            placeholder={t('imports.pickSite')}
            aria-label={t('imports.pickSite')}
            options={sites.map((s) => ({ value: s.id, label: s.name }))}
            onChange={(id: number) => setParams({ site: String(id) })}
            style={{ minWidth: 180 }}
            data-testid="import-site"
          />
        </PageHeader>
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Radio.Group
            value={kind}
            onChange={(e) => {
              setKind(e.target.value);
              setFiles([]);
            }}
            optionType="button"
            options={IMPORT_KINDS.map((k) => ({ value: k, label: t(`imports.kinds.${k}`) }))}
            data-testid="import-kind"
          />
          <Typography.Paragraph type="secondary">{t(`imports.hints.${kind}`)}</Typography.Paragraph>
          <Upload.Dragger
            multiple={kind === 'umami'}
            maxCount={kind === 'umami' ? 3 : 1}
            accept={ACCEPT[kind]}
            fileList={files}
            beforeUpload={() => false}
            onChange={({ fileList }) => setFiles(fileList)}
            data-testid="import-drop"
          >
            <p>{t('imports.drop')}</p>
          </Upload.Dragger>
          <Button
            type="primary"
            disabled={!siteId || files.length === 0}
            loading={start.isPending}
            onClick={() => start.mutate()}
            data-testid="import-start"
          >
            {uploading !== null ? t('imports.uploading', { percent: uploading }) : t('imports.start')}
          </Button>
        </Space>
      </Card>
      <Card className="page-card" title={t('imports.list')}>
        <Table
          size="small"
          rowKey="id"
          loading={list.isLoading}
          columns={columns}
          dataSource={list.data?.list ?? []}
          // On a phone each import is one stacked cell that wraps; no sideways scrolling.
          scroll={narrow ? undefined : { x: 'max-content' }}
          showHeader={!narrow}
          pagination={false}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('imports.none')} />,
          }}
          data-testid="import-list"
        />
      </Card>
    </Space>
  );
}
