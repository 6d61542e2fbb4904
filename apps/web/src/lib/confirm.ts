import type { Modal } from 'antd';
import type { ReactNode } from 'react';

type ModalApi = ReturnType<typeof Modal.useModal>[0];

/** Asks before a destructive action; resolves true when the red button was pressed. */
export async function confirmDanger(modal: ModalApi, title: string, okText: string, content?: ReactNode) {
  return modal.confirm({ title, content, okText, okButtonProps: { danger: true } });
}
