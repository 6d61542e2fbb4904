import type { AdminUserRow } from '@tally/contracts';
import type { Modal } from 'antd';
import { BalanceModal } from './balance-modal';
import { PasswordModal } from './password-modal';
import { UserDrawer } from './user-drawer';
import { UserFormModal } from './user-form-modal';

export type ModalApi = ReturnType<typeof Modal.useModal>[0];

/** What the page has open over the list: one dialog or the drawer at a time. */
export type UserDialog =
  | { kind: 'form'; user?: AdminUserRow }
  | { kind: 'password'; user: Pick<AdminUserRow, 'username'>; password: string }
  | { kind: 'balance'; user: AdminUserRow }
  | { kind: 'detail'; id: number };

interface Props {
  dialog: UserDialog | undefined;
  modal: ModalApi;
  onClose(): void;
  onOpen(dialog: UserDialog): void;
}

export function UserDialogs({ dialog, modal, onClose, onOpen }: Props) {
  switch (dialog?.kind) {
    case 'form':
      return <UserFormModal user={dialog.user} onClose={onClose} onOpen={onOpen} />;
    case 'password':
      return <PasswordModal name={dialog.user.username} password={dialog.password} onClose={onClose} />;
    case 'balance':
      return <BalanceModal user={dialog.user} onClose={onClose} />;
    case 'detail':
      return <UserDrawer id={dialog.id} modal={modal} onClose={onClose} />;
    default:
      return null;
  }
}
