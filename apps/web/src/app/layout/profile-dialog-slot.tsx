import { lazy, Suspense, useState } from 'react';
import type { User } from '@admin-portal/contract/users';
import { authStore, useAuthUser } from '../../features/auth/auth-store.ts';
import { setProfileOpen, useProfileOpen } from '../../shared/layout/layout-store.ts';

const ProfileDialog = lazy(async () => ({ default: (await import('../../features/profile/components/profile-dialog.tsx')).ProfileDialog }));

const hide = () => setProfileOpen(false);
/** A saved profile updates the session's user, so the sidebar, header and pages show the new name at once. */
const onUserUpdated = (user: User) => authStore.set({ user });

/** 'My Profile' (spec §2): the dialog downloads the first time it is opened, then stays mounted for its transitions. */
export function ProfileDialogSlot() {
  const open = useProfileOpen();
  const user = useAuthUser();
  const [requested, setRequested] = useState(open);
  if (open && !requested) setRequested(true);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <ProfileDialog show={open} onHide={hide} user={user} onUserUpdated={onUserUpdated} />
    </Suspense>
  );
}
