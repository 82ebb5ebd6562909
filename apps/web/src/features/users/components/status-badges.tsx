import type { User } from '@admin-portal/contract/users';

const pill = (tone: string) => `badge rounded-pill border bg-${tone}-subtle text-${tone}-emphasis border-${tone}-subtle`;

/** Active or Inactive, plus Locked while a lockout after failed sign-ins lasts. */
export function StatusBadges({ user }: { user: Pick<User, 'is_active' | 'is_locked'> }) {
  return (
    <span className="d-inline-flex flex-wrap gap-1">
      <span className={pill(user.is_active ? 'success' : 'secondary')}>{user.is_active ? 'Active' : 'Inactive'}</span>
      {user.is_locked && <span className={pill('danger')}>Locked</span>}
    </span>
  );
}
