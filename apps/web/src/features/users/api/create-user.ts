import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateUser } from '@admin-portal/contract/users';
import { call } from '../../../shared/api/api.ts';
import { unwrap } from '../../../shared/api/api-result.ts';
import { USERS_KEY } from './get-users.ts';

/** POST /admin/users: 201 with the user and the spec's message ('User created successfully'). */
export async function createUser(input: CreateUser) {
  return unwrap(await call('POST /api/admin/users', { body: input }));
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
