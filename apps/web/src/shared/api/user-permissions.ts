import type { z } from 'zod';
import { MESSAGES } from '@admin-portal/contract/messages';
import type { permissionsResponseSchema } from '@admin-portal/contract/users';
import { api } from './api.ts';
import { ApiError, unwrap } from './api-result.ts';

/** Spec §3 permissions response, plus which come from the role and which were granted on top. */
export type UserPermissions = z.infer<typeof permissionsResponseSchema>;

/**
 * GET /admin/users/{id}/permissions. Spec §8: without a user id it fails with 'No user specified.' and asks the
 * server nothing; a failed call says 'Failed to fetch user permissions.' unless the server says more.
 */
export async function fetchUserPermissions(userId: string | null | undefined, signal?: AbortSignal): Promise<UserPermissions> {
  if (!userId?.trim()) {
    throw new ApiError({ success: false, status: 400, data: null, message: MESSAGES.noUserSpecified, validation_errors: [] });
  }
  return unwrap(
    await api.get<UserPermissions>(`/admin/users/${encodeURIComponent(userId)}/permissions`, {
      signal,
      fallbackMessage: MESSAGES.permissionsFetchFailed,
    }),
  );
}
