import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateUser, User } from '@admin-portal/contract/users';
import { api } from '../../../shared/api/api.ts';
import { unwrap } from '../../../shared/api/api-result.ts';
import { USERS_KEY } from './get-users.ts';

/** PUT /admin/users/{id}: only the fields sent change. Also how a user is activated or deactivated. */
export async function updateUser(id: string, input: UpdateUser): Promise<User> {
  return unwrap(await api.put<User>(`/admin/users/${encodeURIComponent(id)}`, input));
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateUser }) => updateUser(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
