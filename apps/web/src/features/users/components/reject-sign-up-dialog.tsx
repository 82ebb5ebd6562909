import { SERVER_MESSAGES } from '@admin-portal/contract/messages';
import type { UserListItem } from '@admin-portal/contract/users';
import { TOAST_TITLES } from '../../../shared/notifications/toast-titles.ts';
import { useDecideSignUp } from '../api/decide-sign-up.ts';
import { ConfirmUserActionDialog } from './confirm-user-action-dialog.tsx';

interface Props {
  show: boolean;
  user: UserListItem;
  onClose: () => void;
}

/** Asks before turning a sign-up away: the waiting account is removed and its address told. */
export function RejectSignUpDialog({ show, user, onClose }: Props) {
  const decide = useDecideSignUp();
  return (
    <ConfirmUserActionDialog
      show={show}
      user={user}
      onClose={onClose}
      title="Reject sign-up"
      verb="Reject the sign-up of"
      consequence="The account, which never signed in, is removed, and the address gets an e-mail saying so."
      done={{ title: TOAST_TITLES.signUpRejected, message: SERVER_MESSAGES.userRejected }}
      pending={decide.isPending}
      run={() => decide.mutateAsync({ id: user.id, approve: false })}
    />
  );
}
