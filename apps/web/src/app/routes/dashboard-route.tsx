import { useAuthUser, useCurrentOrganization } from '../../features/auth/auth-store.ts';
import { DashboardPage } from '../../features/dashboard/components/dashboard-page.tsx';

/** The app layer hands the session to the dashboard, so the dashboard feature never imports the auth feature. */
export function DashboardRoute() {
  const user = useAuthUser();
  const organization = useCurrentOrganization();
  if (!user) return null;
  return <DashboardPage user={user} organization={organization} />;
}
