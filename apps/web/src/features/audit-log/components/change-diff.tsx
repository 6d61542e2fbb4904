import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { type DiffRow, jsonDiff } from './json-diff';

const show = (value: unknown) =>
  value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value, null, 1);

/** An audit row's before and after as a diff: one line per field, what changed marked and first. */
export function ChangeDiff({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation();
  const rows = jsonDiff(before, after);
  if (rows.length === 0) return <div className="audit-diff-empty">{t('auditLog.nothing')}</div>;
  return (
    <Table<DiffRow>
      className="audit-diff"
      size="small"
      pagination={false}
      rowKey="path"
      dataSource={rows}
      scroll={{ x: 560 }}
      rowClassName={(row) => `is-${row.change}`}
      data-testid="audit-change"
      columns={[
        {
          title: t('auditLog.field'),
          dataIndex: 'path',
          width: 180,
          render: (path: string, row) => (
            <>
              <code>{path || t('auditLog.value')}</code>
              {row.change !== 'same' && (
                <Tag className="audit-diff-tag">{t(`auditLog.change.${row.change}`)}</Tag>
              )}
            </>
          ),
        },
        {
          title: t('auditLog.before'),
          dataIndex: 'before',
          render: (value: unknown) => <pre className="audit-diff-before">{show(value)}</pre>,
        },
        {
          title: t('auditLog.after'),
          dataIndex: 'after',
          render: (value: unknown) => <pre className="audit-diff-after">{show(value)}</pre>,
        },
      ]}
    />
  );
}
