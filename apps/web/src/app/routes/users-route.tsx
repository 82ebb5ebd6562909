import { useAuthUser, useCurrentOrganization } from '../../features/auth/auth-store.ts';
import { UsersPage } from '../../features/users/components/users-page.tsx';

/** The app layer hands the session to User Management, so the users feature never imports the auth feature. */
export function UsersRoute() {
  const user = useAuthUser();
  const organization = useCurrentOrganization();
  if (!user) return null;
  return <UsersPage actor={user} currentOrganizationId={organization?.id ?? null} />;
}
