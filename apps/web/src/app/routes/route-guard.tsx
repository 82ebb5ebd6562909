import { Navigate, Outlet } from 'react-router';
import { isAllowed, type AccessRule } from '../../features/auth/access.ts';
import { useAuthUser } from '../../features/auth/auth-store.ts';
import { UNAUTHORIZED_PATH } from '../../features/auth/components/require-auth.tsx';

/**
 * A screen's role and permission check (spec §4), inside the session gate: every rule must pass, else
 * /unauthorized with history replaced. The rules come from the menu (route-rules.ts), never retyped.
 */
export function RouteGuard({ rules }: { rules: readonly AccessRule[] }) {
  const user = useAuthUser();
  if (user && !rules.every((rule) => isAllowed(user, rule))) return <Navigate to={UNAUTHORIZED_PATH} replace />;
  return <Outlet />;
}
