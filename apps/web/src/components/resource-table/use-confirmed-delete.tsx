import { Modal } from 'antd';
import type { ReactNode } from 'react';
import { confirmDanger } from '../../lib/confirm';

interface Options {
  /** The question, e.g. "Delete 3 articles?". */
  question(count: number): string;
  okText: string;
  /** Deletes and resolves with the ids that went. */
  run(ids: number[]): Promise<readonly number[]>;
}

/** Delete after a red-button confirmation; `holder` must be rendered for the dialog to show. */
export function useConfirmedDelete({ question, okText, run }: Options): {
  remove(ids: number[]): Promise<readonly number[]>;
  holder: ReactNode;
} {
  const [modal, holder] = Modal.useModal();
  const remove = async (ids: number[]) => {
    const sure = await confirmDanger(modal, question(ids.length), okText);
    // A failed call was already reported by the request layer (lib/request): nothing went.
    return sure ? run(ids).catch(() => []) : [];
  };
  return { remove, holder };
}
