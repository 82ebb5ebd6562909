import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/api.ts';
import { unwrap } from '../../../shared/api/api-result.ts';

/** DELETE /admin/organizations/{id}: refused with 409 while the organization still has users. */
export async function deleteOrganization(id: string): Promise<void> {
  unwrap(await call('DELETE /api/admin/organizations/:id', { params: { id } }));
}

export function useDeleteOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteOrganization(id),
    // Everything: other parts of the app list organizations under keys of their own (the shell's switcher).
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
