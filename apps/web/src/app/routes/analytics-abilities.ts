import { useMemo } from 'react';
import { useAuthUser } from '../../features/auth/auth-store.ts';
import type { AnalyticsAbilities } from '../../features/analytics/lib/abilities.ts';
import { mayOpen } from '../navigation/may-open.ts';
import { SCREEN_PATHS } from '../screen-paths.ts';

/** The signed-in user's analytics abilities: which of the pages that figures link to they may open. */
export function useAnalyticsAbilities(): AnalyticsAbilities | null {
  const user = useAuthUser();
  return useMemo(() => {
    if (!user) return null;
    return {
      mayOpen: (path: string) => mayOpen(user, path, SCREEN_PATHS),
      administer: user.role === 'admin' || user.role === 'super_admin',
    };
  }, [user]);
}
