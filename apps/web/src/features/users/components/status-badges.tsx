import type { User, UserListItem } from '@admin-portal/contract/users';

const pill = (tone: string) => `badge rounded-pill border bg-${tone}-subtle text-${tone}-emphasis border-${tone}-subtle`;

const FACTOR_NAMES: Record<UserListItem['second_factors'][number], string> = { authenticator_app: 'an authenticator app', passkey: 'passkeys' };

/**
 * Active or Inactive; Waiting for approval for a self-registered account nobody approved yet; Locked while sign-ins
 * from addresses the account never used must wait after failed tries; 2FA when it has a second factor (issue 37).
 */
export function StatusBadges({ user }: { user: Pick<User, 'is_active' | 'is_locked' | 'pending_approval'> & Partial<Pick<UserListItem, 'second_factors'>> }) {
  const factors = user.second_factors ?? [];
  return (
    <span className="d-inline-flex flex-wrap gap-1">
      {user.pending_approval ? (
        <span className={pill('warning')}>Waiting for approval</span>
      ) : (
        <span className={pill(user.is_active ? 'success' : 'secondary')}>{user.is_active ? 'Active' : 'Inactive'}</span>
      )}
      {user.is_locked && <span className={pill('danger')}>Locked</span>}
      {factors.length > 0 && (
        <span className={pill('info')} title={`Two-factor authentication with ${factors.map((f) => FACTOR_NAMES[f]).join(' and ')}`}>
          2FA<span className="visually-hidden">: two-factor authentication with {factors.map((f) => FACTOR_NAMES[f]).join(' and ')}</span>
        </span>
      )}
    </span>
  );
}
