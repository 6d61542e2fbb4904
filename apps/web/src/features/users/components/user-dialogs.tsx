import { BalanceModal } from './balance-modal';
import { PasswordModal } from './password-modal';
import type { ModalApi, UserDialog } from './user-dialog';
import { UserDrawer } from './user-drawer';
import { UserFormModal } from './user-form-modal';

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
