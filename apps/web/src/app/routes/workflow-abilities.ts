import { WORKFLOW_ANALYTICS_PATH } from '../../features/workflows/lib/workflow-display.ts';
import { hasPermission } from '../../features/auth/access.ts';
import { canViewAuditLog } from '../../shared/lib/audit-history.ts';
import { useAuthUser } from '../../features/auth/auth-store.ts';
import type { WorkflowAbilities } from '../../features/workflows/lib/abilities.ts';
import { mayOpen } from '../navigation/may-open.ts';
import { SCREEN_PATHS } from '../screen-paths.ts';

/** The signed-in user's workflow abilities (the same permissions the server's policy table checks). */
export function useWorkflowAbilities(): WorkflowAbilities | null {
  const user = useAuthUser();
  if (!user) return null;
  return {
    manage: hasPermission(user, 'workflow:manage'),
    build: hasPermission(user, 'workflow:create') || hasPermission(user, 'workflow:edit'),
    manageTemplates: hasPermission(user, 'manage_templates'),
    analytics: mayOpen(user, WORKFLOW_ANALYTICS_PATH, SCREEN_PATHS),
    history: canViewAuditLog(user.permissions),
  };
}
