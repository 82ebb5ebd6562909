import { useAuthUser } from '../../features/auth/auth-store.ts';
import { SystemConfigPage } from '../../features/system-config/components/system-config-page.tsx';
import { canViewAuditLog } from '../../shared/lib/audit-history.ts';

/** The app layer hands the user's role and organization to System Configuration (the feature never imports auth). */
export function SystemConfigRoute() {
  const user = useAuthUser();
  if (!user) return null;
  return (
    <SystemConfigPage
      isSuperAdmin={user.role === 'super_admin'}
      homeOrganization={{ id: user.organization_id, name: user.organization_name ?? 'Your organization' }}
      canViewAudit={canViewAuditLog(user.permissions)}
    />
  );
}
