import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/api.ts';
import { unwrap } from '../../../shared/api/api-result.ts';

export interface OrganizationInput {
  name: string;
  description: string;
  is_active: boolean;
}

/** POST /admin/organizations (no id) or PUT /admin/organizations/{id}; failures throw ApiError with the server's field errors. */
export async function saveOrganization(id: string | null, input: OrganizationInput) {
  return unwrap(
    id === null
      ? await call('POST /api/admin/organizations', { body: input })
      : await call('PUT /api/admin/organizations/:id', { params: { id }, body: input }),
  );
}

export function useSaveOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: OrganizationInput }) => saveOrganization(id, input),
    // Everything: other parts of the app list organizations under keys of their own (the shell's switcher).
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
