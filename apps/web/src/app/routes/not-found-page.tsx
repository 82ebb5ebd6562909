import { Link, useLocation } from 'react-router';
import { useIsAuthenticated } from '../../features/auth/auth-store.ts';

export function NotFoundPage() {
  const { pathname } = useLocation();
  const isAuthenticated = useIsAuthenticated();
  return (
    <main className="d-flex align-items-center justify-content-center min-vh-100 px-3">
      <div className="text-center" style={{ maxWidth: 480 }}>
        <p className="display-4 fw-bold text-primary mb-2">404</p>
        <h1 className="h3">Page not found</h1>
        <p className="text-body-secondary">
          There is no page at <code>{pathname}</code>. It may have moved, or the link may be mistyped.
        </p>
        <Link className="btn btn-primary" to={isAuthenticated ? '/dashboard' : '/login'}>
          {isAuthenticated ? 'Go to the dashboard' : 'Go to sign in'}
        </Link>
      </div>
    </main>
  );
}
