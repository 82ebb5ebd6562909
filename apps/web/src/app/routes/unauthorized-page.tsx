import { Link } from 'react-router';
import { useAuthLoading, useAuthUser } from '../../features/auth/auth-store.ts';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { AppLayout } from '../layout/app-layout.tsx';

/** The refusal itself, the same words in the shell or alone. */
function AccessDenied({ signedIn }: { signedIn: boolean }) {
  return (
    <div className="text-center mx-auto" style={{ maxWidth: 480 }}>
      <p className="display-4 fw-bold text-danger mb-2">403</p>
      <h1 className="h3">Access denied</h1>
      <p className="text-body-secondary">You do not have permission to view this page. If you need it, ask an administrator to grant you access.</p>
      <Link className="btn btn-primary" to={signedIn ? '/dashboard' : '/login'}>
        {signedIn ? 'Back to the dashboard' : 'Go to sign in'}
      </Link>
    </div>
  );
}

/**
 * Spec §2: where failed role or permission checks land. Someone signed in sees it inside the staff shell (header,
 * sidebar, footer), like every other page, so the menu to go elsewhere is still there (issue 32 item 16); signed out,
 * it stands alone. While a stored session loads, a spinner (as at /).
 */
export function UnauthorizedPage() {
  const user = useAuthUser();
  const isLoading = useAuthLoading();
  if (isLoading) return <PageSpinner />;
  if (user) {
    return (
      <AppLayout>
        <div className="py-5">
          <AccessDenied signedIn />
        </div>
      </AppLayout>
    );
  }
  return (
    <main className="d-flex align-items-center justify-content-center min-vh-100 px-3">
      <AccessDenied signedIn={false} />
    </main>
  );
}
