import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../../../shared/ui/spinner.tsx';
import { isAllowed, type AccessRule } from '../access.ts';
import { useAuthLoading, useAuthUser } from '../auth-store.ts';
import { LOGIN_PATH } from '../return-path.ts';

export const UNAUTHORIZED_PATH = '/unauthorized';

/**
 * Spec §4 auth gate: a spinner while the session loads; signed out → /login, remembering where the user was
 * (history replaced, so Back does not bounce); a failed role or permission check → /unauthorized.
 */
export function RequireAuth(rule: AccessRule) {
  const user = useAuthUser();
  const isLoading = useAuthLoading();
  const location = useLocation();
  if (isLoading) return <PageSpinner />;
  if (!user) return <Navigate to={LOGIN_PATH} replace state={{ from: location }} />;
  if (!isAllowed(user, rule)) return <Navigate to={UNAUTHORIZED_PATH} replace />;
  return <Outlet />;
}
