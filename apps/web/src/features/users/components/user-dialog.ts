import type { AdminUserRow } from '@tally/contracts';
import type { Modal } from 'antd';

export type ModalApi = ReturnType<typeof Modal.useModal>[0];

/** What the page has open over the list: one dialog or the drawer at a time. */
export type UserDialog =
  | { kind: 'form'; user?: AdminUserRow }
  | { kind: 'password'; user: Pick<AdminUserRow, 'username'>; password: string }
  | { kind: 'balance'; user: AdminUserRow }
  | { kind: 'detail'; id: number };
