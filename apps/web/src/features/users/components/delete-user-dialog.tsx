import { SERVER_MESSAGES } from '@admin-portal/contract/messages';
import type { UserListItem } from '@admin-portal/contract/users';
import { TOAST_TITLES } from '../../../shared/notifications/toast-titles.ts';
import { useDeleteUser } from '../api/delete-user.ts';
import { ConfirmUserActionDialog } from './confirm-user-action-dialog.tsx';

interface Props {
  show: boolean;
  user: UserListItem;
  onClose: () => void;
}

/** Asks before deleting, naming the user; the server's refusals (yourself, the last super administrator) are shown here. */
export function DeleteUserDialog({ show, user, onClose }: Props) {
  const remove = useDeleteUser();
  return (
    <ConfirmUserActionDialog
      show={show}
      user={user}
      onClose={onClose}
      title="Delete user"
      verb="Delete"
      consequence="Their account, sessions and extra permissions are removed. This cannot be undone."
      done={{ title: TOAST_TITLES.userDeleted, message: SERVER_MESSAGES.userDeleted }}
      pending={remove.isPending}
      run={() => remove.mutateAsync(user.id)}
    />
  );
}
