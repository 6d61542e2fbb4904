import type { JobRow } from '@tally/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmDanger } from '../../../lib/confirm';
import { useFeedback } from '../../../lib/feedback';
import { QUEUE_KEY, queueApi } from '../api';

/** What can be done with one job in its state: retry a failed or cancelled one, cancel a waiting or running one, delete any. */
export function JobActions({ job, onDeleted }: { job: JobRow; onDeleted?: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const client = useQueryClient();
  const [modal, holder] = Modal.useModal();
  const act = async (run: () => Promise<unknown>) => {
    await run();
    message.success(t('queueMonitor.done'));
    await client.invalidateQueries({ queryKey: QUEUE_KEY });
  };
  const confirmed = async (question: string, ok: string, run: () => Promise<unknown>) => {
    if (await confirmDanger(modal, question, ok)) await act(run);
  };
  const waiting = job.state === 'created' || job.state === 'retry' || job.state === 'active';
  return (
    <Space size={4} wrap>
      {holder}
      {job.state === 'failed' || job.state === 'cancelled' ? (
        <Button
          size="small"
          onClick={() => act(() => queueApi.retry(job.queue, [job.id]))}
          data-testid="job-retry"
        >
          {t('queueMonitor.retry')}
        </Button>
      ) : null}
      {waiting ? (
        <Button
          size="small"
          onClick={() =>
            confirmed(t('queueMonitor.cancelQuestion'), t('queueMonitor.cancel'), () =>
              queueApi.cancel(job.queue, [job.id]),
            )
          }
          data-testid="job-cancel"
        >
          {t('queueMonitor.cancel')}
        </Button>
      ) : null}
      <Button
        size="small"
        danger
        onClick={() =>
          confirmed(t('queueMonitor.deleteQuestion'), t('queueMonitor.delete'), async () => {
            await queueApi.remove(job.queue, [job.id]);
            onDeleted?.();
          })
        }
        data-testid="job-delete"
      >
        {t('queueMonitor.delete')}
      </Button>
    </Space>
  );
}
