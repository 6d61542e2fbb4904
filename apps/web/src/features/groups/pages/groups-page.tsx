import { type ChatRow, GROUPS_API } from '@tally/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Card, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { ResourceTable } from '../../../components/resource-table/resource-table';
import { useResourceList } from '../../../components/resource-table/use-resource-list';
import { useFeedback } from '../../../lib/feedback';
import { fetchGroups, GROUPS_KEY, type GroupFilters } from '../api';
import { BindSiteModal } from '../components/bind-site-modal';
import type { GroupAct } from '../components/group-actions';
import { useGroupColumns } from '../components/group-columns';
import { SendTextModal } from '../components/send-text-modal';
import '../messages';
import { ExportButton } from '../../../components/resource-table/export-button';

/** /groups/groups 群组管理: groups learned from Telegram, their bindings, reports and messages. */
export default function GroupsPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [modal, holder] = Modal.useModal();
  const queryClient = useQueryClient();
  const [binding, setBinding] = useState<ChatRow | null>(null);
  const [sending, setSending] = useState<ChatRow | null>(null);
  const list = useResourceList<ChatRow, GroupFilters, '-id'>({
    key: GROUPS_KEY,
    fetch: fetchGroups,
    filters: { keyword: 'string' },
    sort: '-id',
    sorts: ['-id'],
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: GROUPS_KEY });
  const act: GroupAct = (change, done) =>
    change.then(
      async () => {
        if (done) void message.success(done);
        await refresh();
        return true;
      },
      () => false,
    );
  const columns = useGroupColumns({ act, modal, onBind: setBinding, onSend: setSending });

  return (
    <Card className="page-card" data-testid="groups-page">
      {holder}
      <PageHeader title={t('tgGroups.title')} />
      <div className="list-toolbar">
        <Input.Search
          allowClear
          className="list-search"
          placeholder={t('tgGroups.search')}
          aria-label={t('tgGroups.search')}
          defaultValue={list.filters.keyword}
          onSearch={(keyword) => list.setFilters({ keyword: keyword.trim() || undefined })}
        />
        <ExportButton endpoint={GROUPS_API.export} query={list.query} data-testid="groups-export" />
      </div>
      <ResourceTable
        list={list}
        columns={columns}
        scrollX={1100}
        emptyText={t('tgGroups.empty')}
        totalText={(total) => t('tgGroups.total', { count: total })}
        data-testid="groups-table"
      />
      <BindSiteModal binding={binding} act={act} onClose={() => setBinding(null)} />
      <SendTextModal sending={sending} act={act} onClose={() => setSending(null)} />
    </Card>
  );
}
