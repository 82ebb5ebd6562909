import { useMemo } from 'react';
import { useAuthUser, useCurrentOrganization } from '../../features/auth/auth-store.ts';
import { DashboardPage } from '../../features/dashboard/components/dashboard-page.tsx';
import type { DashboardAbilities } from '../../features/dashboard/lib/abilities.ts';
import { mayOpen } from '../navigation/may-open.ts';
import { SCREEN_PATHS } from '../screen-paths.ts';

/**
 * The app layer hands the session and the user's abilities to the dashboard, so the dashboard feature never imports
 * the auth feature: which pages its figures may link to (the monitor needs application:monitor, tool analytics
 * tool:read…, by the same rules as the menu), and whether the user administers the organization.
 */
export function DashboardRoute() {
  const user = useAuthUser();
  const organization = useCurrentOrganization();
  const abilities = useMemo<DashboardAbilities | null>(
    () => (user ? { mayOpen: (path: string) => mayOpen(user, path, SCREEN_PATHS), administer: user.role === 'admin' || user.role === 'super_admin' } : null),
    [user],
  );
  if (!user || !abilities) return null;
  return <DashboardPage user={user} organization={organization} abilities={abilities} />;
}
