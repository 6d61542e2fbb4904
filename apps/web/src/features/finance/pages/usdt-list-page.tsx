import '../messages';
import '../finance.css';
import { ADMIN_FINANCE_API, type UsdtAddressRow } from '@tally/contracts';
import { Button, Card, Form, Input, Modal, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { ExportButton } from '../../../components/resource-table/export-button';
import { type ResourceColumns, ResourceTable } from '../../../components/resource-table/resource-table';
import { useResourceList } from '../../../components/resource-table/use-resource-list';
import { formatDate } from '../../../lib/formatters';
import { lazySchemas } from '../../../lib/zod-check';
import { type AddressFilters, fetchAddresses, useFinanceAction } from '../api';
import { Mono, Usdt } from '../components/records';

const schemas = lazySchemas(() => import('../form-schemas'));

const KEY = ['finance-addresses'] as const;

/** /finance/usdtList USDT管理: receiving TRC20 addresses (checked by base58check on both sides). */
export default function UsdtListPage() {
  const { t } = useTranslation();
  const list = useResourceList<UsdtAddressRow, AddressFilters, string>({
    key: KEY,
    fetch: fetchAddresses,
    filters: { keyword: 'string' },
    sort: '-id',
  });
  const act = useFinanceAction(KEY);
  const [editing, setEditing] = useState<Partial<UsdtAddressRow>>();
  const [pending, setPending] = useState<number>();
  const [form] = Form.useForm<{ address: string; label: string; enabled: boolean }>();
  const open = (row: Partial<UsdtAddressRow>) => {
    form.setFieldsValue({ address: row.address ?? '', label: row.label ?? '', enabled: row.enabled ?? true });
    setEditing(row);
  };
  const save = async (values: { address: string; label: string; enabled: boolean }) => {
    await act(ADMIN_FINANCE_API.addressesSave, { ...values, ...(editing?.id ? { id: editing.id } : {}) });
    setEditing(undefined);
  };
  const flip = async (row: UsdtAddressRow, next: boolean) => {
    setPending(row.id);
    await act(ADMIN_FINANCE_API.addressesSwitch, { id: row.id, status: next ? 1 : 0 }).catch(() => undefined);
    setPending(undefined);
  };
  const columns: ResourceColumns<UsdtAddressRow> = [
    {
      title: t('finance.address'),
      dataIndex: 'address',
      width: 240,
      render: (a: string) => <Mono text={a} />,
    },
    { title: t('finance.label'), dataIndex: 'label', userContent: true },
    {
      title: t('finance.enabled'),
      dataIndex: 'enabled',
      width: 72,
      render: (on: boolean, row) => (
        <Switch
          size="small"
          checked={on}
          loading={pending === row.id}
          onChange={(next) => void flip(row, next)}
          aria-label={t('finance.enabled')}
        />
      ),
    },
    {
      title: t('finance.lastBalance'),
      dataIndex: 'last_balance',
      render: (b: string | null, row) =>
        b === null ? (
          '—'
        ) : (
          <>
            <Usdt value={b} /> <small>{row.last_balance_at ? formatDate(row.last_balance_at) : ''}</small>
          </>
        ),
    },
    { title: t('finance.live'), dataIndex: 'live_recharges', width: 96 },
    {
      title: t('finance.created'),
      dataIndex: 'created_at',
      width: 170,
      render: (d: string) => formatDate(d),
    },
    {
      title: t('finance.actions'),
      width: 80,
      render: (_: unknown, row) => (
        <Button type="link" size="small" onClick={() => open(row)}>
          {t('finance.edit')}
        </Button>
      ),
    },
  ];
  return (
    <Card className="page-card" data-testid="usdt-list">
      <PageHeader title={t('finance.addresses')}>
        <Button type="primary" onClick={() => open({})} data-testid="usdt-add">
          {t('finance.add')}
        </Button>
      </PageHeader>
      <div className="list-toolbar">
        <Input.Search
          allowClear
          className="list-search"
          placeholder={`${t('finance.address')} / ${t('finance.label')}`}
          aria-label={`${t('finance.address')} / ${t('finance.label')}`}
          defaultValue={list.filters.keyword}
          onSearch={(keyword) => list.setFilters({ keyword: keyword.trim() || undefined })}
        />
        <ExportButton
          endpoint={ADMIN_FINANCE_API.addressesExport}
          query={list.query}
          data-testid="addresses-export"
        />
      </div>
      <ResourceTable
        list={list}
        columns={columns}
        emptyText={t('finance.empty')}
        totalText={(n) => t('finance.count', { count: n })}
        data-testid="usdt-table"
      />
      <Modal
        open={editing !== undefined}
        title={editing?.id ? t('finance.edit') : t('finance.add')}
        okText={t('finance.save')}
        cancelText={t('finance.cancel')}
        onOk={() => form.submit()}
        onCancel={() => setEditing(undefined)}
        okButtonProps={{ 'data-testid': 'usdt-save' } as Record<string, string>}
        destroyOnHidden
        forceRender
      >
        <Form form={form} layout="vertical" onFinish={(v) => void save(v).catch(() => undefined)}>
          <Form.Item
            name="address"
            label={t('finance.address')}
            rules={[schemas.fieldRule('usdtAddressSaveSchema', 'address')]}
          >
            <Input disabled={Boolean(editing?.id)} autoComplete="off" data-testid="usdt-address" />
          </Form.Item>
          <Form.Item
            name="label"
            label={t('finance.label')}
            rules={[schemas.fieldRule('usdtAddressSaveSchema', 'label')]}
          >
            <Input autoComplete="off" data-testid="usdt-label" />
          </Form.Item>
          <Form.Item name="enabled" label={t('finance.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
