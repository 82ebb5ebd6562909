import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/api.ts';
import { unwrap } from '../../../shared/api/api-result.ts';
import { USERS_KEY } from './get-users.ts';

/** DELETE /admin/users/{id}: never yourself (400), never the last super administrator (409). */
export async function deleteUser(id: string) {
  return unwrap(await call('DELETE /api/admin/users/:id', { params: { id } }));
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
