import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateUser, User } from '@admin-portal/contract/users';
import { api } from '../../../shared/api/api.ts';
import { unwrap } from '../../../shared/api/api-result.ts';
import { USERS_KEY } from './get-users.ts';

/** POST /admin/users: 201 with the user and the spec's message ('User created successfully'). */
export async function createUser(input: CreateUser): Promise<User & { message: string }> {
  return unwrap(await api.post<User & { message: string }>('/admin/users', input));
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
