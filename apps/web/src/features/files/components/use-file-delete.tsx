import type { FileDeleteResponse } from '@tally/contracts';
import { Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDanger } from '../../../lib/confirm';
import { useFeedback } from '../../../lib/feedback';
import { useDeleteFiles } from '../api';

/**
 * Delete with two questions: "delete N files?" first; then, if the server reports files an article
 * or ad still uses (it deleted nothing), who uses them and "delete anyway?".
 */
export function useFileDelete(onDeleted?: (ids: number[]) => void): {
  /** Resolves with the ids deleted (none when either question was answered no). */
  remove(ids: number[]): Promise<readonly number[]>;
  holder: ReactNode;
} {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [modal, holder] = Modal.useModal();
  const del = useDeleteFiles();

  const done = (result: FileDeleteResponse) => {
    void message.success(t('files.deleted', { count: result.deleted.length }));
    onDeleted?.(result.deleted);
    return result.deleted;
  };

  const inUse = (result: FileDeleteResponse) => (
    <div data-testid="files-in-use">
      <p>{t('files.inUseText')}</p>
      <ul className="in-use-list">
        {result.in_use.map((file) => (
          <li key={file.file_id}>
            <strong className="break-all">{file.name}</strong>
            {': '}
            {file.used_by.map((user) => `${t(`files.inUseBy.${user.kind}`)} 「${user.title}」`).join('、')}
          </li>
        ))}
      </ul>
    </div>
  );

  const remove = async (ids: number[]): Promise<readonly number[]> => {
    const sure = await confirmDanger(
      modal,
      t('files.deleteConfirm', { count: ids.length }),
      t('files.delete'),
    );
    if (!sure) return [];
    const first = await del.mutateAsync({ ids, confirm: false });
    if (first.in_use.length === 0) return done(first);
    const anyway = await confirmDanger(modal, t('files.inUseTitle'), t('files.deleteAnyway'), inUse(first));
    return anyway ? done(await del.mutateAsync({ ids, confirm: true })) : [];
  };

  // A failed call was already reported by the request layer: nothing was deleted.
  return { remove: (ids) => remove(ids).catch(() => []), holder };
}
