import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../api/api.ts';
import { unwrap } from '../api/api-result.ts';

/** Every sessions list: one's own and a user's. */
export const SESSIONS_KEY = ['sessions'] as const;
const ownKey = [...SESSIONS_KEY, 'own'] as const;
const userKey = (userId: string) => [...SESSIONS_KEY, 'user', userId] as const;

/** GET /auth/sessions: your live sessions, yours marked current. */
export function useOwnSessions(enabled = true) {
  return useQuery({ queryKey: ownKey, queryFn: async () => unwrap(await call('GET /api/auth/sessions')).items, enabled });
}

/** GET /admin/users/{id}/sessions: a user's live sessions (whoever may manage the user). */
export function useUserSessions(userId: string, enabled = true) {
  return useQuery({
    queryKey: userKey(userId),
    queryFn: async () => unwrap(await call('GET /api/admin/users/:id/sessions', { params: { id: userId } })).items,
    enabled,
  });
}

/** Signs out one session: your own (`userId` null) or a user's. */
export function useEndSession(userId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (sessionId: string) =>
      unwrap(
        userId === null
          ? await call('DELETE /api/auth/sessions/:sessionId', { params: { sessionId } })
          : await call('DELETE /api/admin/users/:id/sessions/:sessionId', { params: { id: userId, sessionId } }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

/** Signs out every other session of yours (`userId` null), or every session of a user. */
export function useEndSessions(userId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      unwrap(
        userId === null
          ? await call('POST /api/auth/sessions/revoke-others')
          : await call('POST /api/admin/users/:id/sessions/revoke-all', { params: { id: userId } }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}
