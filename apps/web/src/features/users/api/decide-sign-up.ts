import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/api.ts';
import { unwrap } from '../../../shared/api/api-result.ts';
import { USERS_KEY } from './get-users.ts';

/** POST /admin/users/{id}/approve: a self-registered account waiting for approval may sign in from now on. */
export async function approveUser(id: string) {
  return unwrap(await call('POST /api/admin/users/:id/approve', { params: { id } }));
}

/** POST /admin/users/{id}/reject: a self-registered account waiting for approval is removed. */
export async function rejectUser(id: string): Promise<void> {
  unwrap(await call('POST /api/admin/users/:id/reject', { params: { id } }));
}

export function useDecideSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, approve }: { id: string; approve: boolean }) => (approve ? approveUser(id).then(() => undefined) : rejectUser(id)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
