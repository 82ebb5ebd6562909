import { Navigate } from 'react-router';
import { useAuthLoading, useIsAuthenticated } from '../../features/auth/auth-store.ts';
import { DEFAULT_SIGNED_IN_PATH, LOGIN_PATH } from '../../features/auth/return-path.ts';
import { PageSpinner } from '../../shared/ui/spinner.tsx';

/** Spec §2 "/": dashboard when signed in, login when not, a spinner while the session loads. */
export function HomeRedirect() {
  const isAuthenticated = useIsAuthenticated();
  const isLoading = useAuthLoading();
  if (isLoading) return <PageSpinner />;
  return <Navigate to={isAuthenticated ? DEFAULT_SIGNED_IN_PATH : LOGIN_PATH} replace />;
}
