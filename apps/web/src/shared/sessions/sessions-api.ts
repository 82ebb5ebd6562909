import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionList, SessionsRevoked } from '@admin-portal/contract/sessions';
import { api } from '../api/api.ts';
import { unwrap } from '../api/api-result.ts';

/** Every sessions list: one's own and a user's. */
export const SESSIONS_KEY = ['sessions'] as const;
const ownKey = [...SESSIONS_KEY, 'own'] as const;
const userKey = (userId: string) => [...SESSIONS_KEY, 'user', userId] as const;
const idPart = (id: string) => encodeURIComponent(id);

/** GET /auth/sessions: your live sessions, yours marked current. */
export function useOwnSessions(enabled = true) {
  return useQuery({ queryKey: ownKey, queryFn: async () => unwrap(await api.get<SessionList>('/auth/sessions')).items, enabled });
}

/** GET /admin/users/{id}/sessions: a user's live sessions (whoever may manage the user). */
export function useUserSessions(userId: string, enabled = true) {
  return useQuery({
    queryKey: userKey(userId),
    queryFn: async () => unwrap(await api.get<SessionList>(`/admin/users/${idPart(userId)}/sessions`)).items,
    enabled,
  });
}

/** Signs out one session: your own (`userId` null) or a user's. */
export function useEndSession(userId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (sessionId: string) =>
      unwrap(
        await api.delete<{ success: boolean; message: string }>(
          userId === null ? `/auth/sessions/${idPart(sessionId)}` : `/admin/users/${idPart(userId)}/sessions/${idPart(sessionId)}`,
        ),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

/** Signs out every other session of yours (`userId` null), or every session of a user. */
export function useEndSessions(userId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      unwrap(await api.post<SessionsRevoked>(userId === null ? '/auth/sessions/revoke-others' : `/admin/users/${idPart(userId)}/sessions/revoke-all`)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}
