import { Link } from 'react-router';
import { useIsAuthenticated } from '../../features/auth/auth-store.ts';

/** Spec §2: where failed role or permission checks land. */
export function UnauthorizedPage() {
  const isAuthenticated = useIsAuthenticated();
  return (
    <main className="d-flex align-items-center justify-content-center min-vh-100 px-3">
      <div className="text-center" style={{ maxWidth: 480 }}>
        <p className="display-4 fw-bold text-danger mb-2">403</p>
        <h1 className="h3">Access denied</h1>
        <p className="text-body-secondary">
          You do not have permission to view this page. If you need it, ask an administrator to grant you access.
        </p>
        <Link className="btn btn-primary" to={isAuthenticated ? '/dashboard' : '/login'}>
          {isAuthenticated ? 'Back to the dashboard' : 'Go to sign in'}
        </Link>
      </div>
    </main>
  );
}
