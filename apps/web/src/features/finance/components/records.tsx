import { displayUsdt, type Endpoint } from '@tally/contracts';
import type { TableProps } from 'antd';
import { Card, Form, Input, Modal, Select, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { DayRangeFilter } from '../../../components/resource-table/day-range-filter';
import { ExportButton } from '../../../components/resource-table/export-button';
import { type ResourceColumns, ResourceTable } from '../../../components/resource-table/resource-table';
import {
  type ListQuery,
  type ResourceList,
  useResourceList,
} from '../../../components/resource-table/use-resource-list';
import { USER_CONTENT } from '../../../components/user-text';
import type { PageResult } from '../../../lib/page-result';
import { type PeopleFilters, useFinanceAction } from '../api';

const STATUS_COLOR: Record<string, string> = {
  paid: 'green',
  matched: 'green',
  assigned: 'blue',
  approved: 'blue',
  pending: 'gold',
  unmatched: 'orange',
  expired: 'default',
  cancelled: 'default',
  rejected: 'red',
};

export const StatusTag = ({ status }: { status: string }) => {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLOR[status]}>{t(`finance.statuses.${status}`)}</Tag>;
};

export const Usdt = ({ value }: { value: string }) => (
  <span className="finance-usdt">{displayUsdt(value)}</span>
);

/**
 * A long hash or address: one line, copyable, the whole text on hover. Data in no language (marked as
 * user data: an address of letters only is no English word).
 */
export const Mono = ({ text }: { text: string | null }) =>
  text ? (
    <Typography.Text
      className="finance-mono"
      copyable={{ text }}
      ellipsis={{ tooltip: text }}
      {...USER_CONTENT}
    >
      {text}
    </Typography.Text>
  ) : (
    '—'
  );

type Filters = { status?: string; from?: string; to?: string } & Record<string, string | undefined>;

/** The filters every finance record list shares: text fields, a status, a day range; all kept in the URL. */
export function RecordFilters<F extends Filters>({
  list,
  statuses,
  texts,
  exportTo,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: any row and sort; the filters are what this reads
  list: ResourceList<any, F, any>;
  statuses: readonly string[];
  texts: { key: keyof F & string; placeholder: string }[];
  /** The list's CSV export (its `export` call): every filtered row in the table's order. */
  exportTo?: Pick<Endpoint, 'path'>;
}) {
  const { t } = useTranslation();
  const { from, to } = list.filters;
  return (
    <div className="list-toolbar">
      {texts.map(({ key, placeholder }) => (
        <Input.Search
          key={key}
          allowClear
          className="list-search"
          placeholder={placeholder}
          aria-label={placeholder}
          defaultValue={list.filters[key] as string | undefined}
          onSearch={(v) => list.setFilters({ [key]: v.trim() || undefined } as Partial<F>)}
          data-testid={`filter-${key}`}
        />
      ))}
      <Select<string>
        allowClear
        className="list-search"
        placeholder={t('finance.allStatuses')}
        aria-label={t('finance.allStatuses')}
        value={list.filters.status}
        onChange={(status) => list.setFilters({ status } as Partial<F>)}
        options={statuses.map((s) => ({ value: s, label: t(`finance.statuses.${s}`) }))}
        data-testid="filter-status"
      />
      <DayRangeFilter from={from} to={to} onChange={(days) => list.setFilters(days as Partial<F>)} />
      {exportTo && <ExportButton endpoint={exportTo} query={list.query} data-testid="finance-export" />}
    </div>
  );
}

/** "N rows, S USDT in all": the total of every filtered row, from the server. */
export function useTotalText(list: { data?: unknown }) {
  const { t } = useTranslation();
  const sum = (list.data as { sum?: string } | undefined)?.sum ?? '0';
  return (count: number) => t('finance.total', { count, sum: displayUsdt(sum) });
}

export interface AskField {
  name: string;
  label: string;
  required?: boolean;
}

/** A dialog asking the fields an action needs (a reason, a tx hash, whom to assign to), then running it. */
export function useAskDialog() {
  const { t } = useTranslation();
  const [state, setState] = useState<{
    title: string;
    fields: AskField[];
    run(values: Record<string, string>): Promise<unknown>;
  }>();
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<Record<string, string>>();
  const ask = (
    title: string,
    fields: AskField[],
    run: (values: Record<string, string>) => Promise<unknown>,
  ) => {
    form.resetFields();
    setState({ title, fields, run });
  };
  const submit = async (values: Record<string, string>) => {
    if (!state) return;
    setBusy(true);
    try {
      await state.run(values);
      setState(undefined);
    } catch {
      // the request layer shows the server's message (field errors land on the form's fields)
    } finally {
      setBusy(false);
    }
  };
  const dialog = (
    <Modal
      open={state !== undefined}
      title={state?.title}
      okText={t('finance.save')}
      cancelText={t('finance.cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={() => setState(undefined)}
      okButtonProps={{ 'data-testid': 'ask-ok' } as Record<string, string>}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit}>
        {state?.fields.map((f) => (
          <Form.Item
            key={f.name}
            name={f.name}
            label={f.label}
            rules={f.required === false ? [] : [{ required: true, whitespace: true }]}
          >
            <Input autoComplete="off" data-testid={`ask-${f.name}`} />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
  return { ask, dialog };
}

/**
 * The recharge and withdrawal lists: filters by user, address, transaction, status and days (in the
 * URL), the action that reads the list again after a change, the dialog for reasons and hashes.
 */
export function usePeopleRecords<Row, S extends string, O extends string>(
  key: readonly unknown[],
  fetch: (q: ListQuery<PeopleFilters<S>, O>) => Promise<PageResult<Row>>,
  statuses: readonly S[],
  sorts: readonly O[],
) {
  const { t } = useTranslation();
  const list = useResourceList<Row, PeopleFilters<S>, O>({
    key,
    fetch,
    filters: {
      user: 'string',
      address: 'string',
      tx: 'string',
      status: statuses,
      from: 'string',
      to: 'string',
    },
    sort: '-id' as O,
    sorts,
  });
  const texts = [
    { key: 'user', placeholder: t('finance.userSearch') },
    { key: 'address', placeholder: t('finance.address') },
    { key: 'tx', placeholder: t('finance.txId') },
  ] as const;
  return { list, texts, act: useFinanceAction(key), ...useAskDialog() };
}

/** A finance record page: title (and its buttons), the shared filters, the table with the filtered total, the action dialog. */
export function RecordsCard<T extends { id: number }, F extends Filters>(props: {
  testId: string;
  title: string;
  actions?: ReactNode;
  // biome-ignore lint/suspicious/noExplicitAny: any sort
  list: ResourceList<T, F, any>;
  statuses: readonly string[];
  texts: readonly { key: keyof F & string; placeholder: string }[];
  columns: ResourceColumns<T>;
  scrollX: number;
  expandable?: TableProps<T>['expandable'];
  dialog: ReactNode;
  exportTo: Pick<Endpoint, 'path'>;
}) {
  const { t } = useTranslation();
  const totalText = useTotalText(props.list);
  return (
    <Card className="page-card" data-testid={props.testId}>
      <PageHeader title={props.title}>{props.actions}</PageHeader>
      <RecordFilters
        list={props.list}
        statuses={props.statuses}
        texts={[...props.texts]}
        exportTo={props.exportTo}
      />
      <ResourceTable
        list={props.list}
        columns={props.columns}
        scrollX={props.scrollX}
        emptyText={t('finance.empty')}
        totalText={totalText}
        expandable={props.expandable}
        data-testid={`${props.testId}-table`}
      />
      {props.dialog}
    </Card>
  );
}
