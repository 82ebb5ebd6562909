import { TWO_FACTOR_TEXTS } from '@admin-portal/contract/two-factor-texts';
import type { UserListItem } from '@admin-portal/contract/users';
import { TOAST_TITLES } from '../../../shared/notifications/toast-titles.ts';
import { useResetTwoFactor } from '../api/reset-two-factor.ts';
import { ConfirmUserActionDialog } from './confirm-user-action-dialog.tsx';

interface Props {
  show: boolean;
  user: UserListItem;
  onClose: () => void;
}

/** Asks before resetting a user's second factor (a lost phone, no recovery code left): issue 37 item 1. */
export function ResetTwoFactorDialog({ show, user, onClose }: Props) {
  const reset = useResetTwoFactor();
  return (
    <ConfirmUserActionDialog
      show={show}
      user={user}
      onClose={onClose}
      title="Reset two-factor authentication"
      verb="Reset two-factor authentication of"
      consequence="Their authenticator app, recovery codes and passkeys stop working, and they sign in with their password alone until they set up a second factor again. Do this only when you are sure it is them asking."
      done={{ title: TOAST_TITLES.twoFactorReset, message: TWO_FACTOR_TEXTS.reset }}
      pending={reset.isPending}
      run={() => reset.mutateAsync(user.id)}
    />
  );
}
