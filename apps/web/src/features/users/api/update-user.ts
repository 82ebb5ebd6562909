import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateUser } from '@admin-portal/contract/users';
import { call } from '../../../shared/api/api.ts';
import { unwrap } from '../../../shared/api/api-result.ts';
import { USERS_KEY } from './get-users.ts';

/** PUT /admin/users/{id}: only the fields sent change. Also how a user is activated or deactivated. */
export async function updateUser(id: string, input: UpdateUser) {
  return unwrap(await call('PUT /api/admin/users/:id', { params: { id }, body: input }));
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateUser }) => updateUser(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
