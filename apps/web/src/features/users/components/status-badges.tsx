import type { User } from '@admin-portal/contract/users';

const pill = (tone: string) => `badge rounded-pill border bg-${tone}-subtle text-${tone}-emphasis border-${tone}-subtle`;

/**
 * Active or Inactive; Waiting for approval for a self-registered account nobody approved yet; Locked while sign-ins
 * from addresses the account never used must wait after failed tries.
 */
export function StatusBadges({ user }: { user: Pick<User, 'is_active' | 'is_locked' | 'pending_approval'> }) {
  return (
    <span className="d-inline-flex flex-wrap gap-1">
      {user.pending_approval ? (
        <span className={pill('warning')}>Waiting for approval</span>
      ) : (
        <span className={pill(user.is_active ? 'success' : 'secondary')}>{user.is_active ? 'Active' : 'Inactive'}</span>
      )}
      {user.is_locked && <span className={pill('danger')}>Locked</span>}
    </span>
  );
}
