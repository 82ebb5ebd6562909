import { hasPermission } from '../../features/auth/access.ts';
import { useAuthUser } from '../../features/auth/auth-store.ts';
import { canViewAuditLog } from '../../shared/lib/audit-history.ts';
import type { ToolAbilities } from '../../features/tools/lib/abilities.ts';

/** The signed-in user's tool abilities (the rules of the server's policy table). */
export function useToolAbilities(): ToolAbilities | null {
  const user = useAuthUser();
  if (!user) return null;
  const admin = user.role === 'admin' || user.role === 'super_admin';
  return {
    userId: user.id,
    manage: hasPermission(user, 'tool:manage'),
    approve: admin,
    superAdmin: user.role === 'super_admin',
    history: canViewAuditLog(user.permissions),
  };
}
