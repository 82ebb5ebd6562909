import { useAuthUser } from '../../features/auth/auth-store.ts';
import { hasPermission } from '../../features/auth/access.ts';
import { MonitorPage } from '../../features/applications/components/monitor-page.tsx';
import { canViewAuditLog } from '../../shared/lib/audit-history.ts';

/** The app layer hands the user's abilities to the Real-time Monitor, so the applications feature never imports the auth feature. */
export function ApplicationsRoute() {
  const user = useAuthUser();
  if (!user) return null;
  return (
    <MonitorPage
      abilities={{
        role: user.role,
        userId: user.id,
        manageReviews: hasPermission(user, 'manage_reviews'),
        execute: hasPermission(user, 'execute_workflows'),
        administer: user.role === 'admin' || user.role === 'super_admin',
        history: canViewAuditLog(user.permissions),
      }}
    />
  );
}
