import { MESSAGES } from '@admin-portal/contract/messages';
import { call } from './api.ts';
import { ApiError, unwrap } from './api-result.ts';
import type { CallOutput } from './endpoint-call.ts';

/** Spec §3 permissions response, plus which come from the role and which were granted on top. */
export type UserPermissions = CallOutput<'GET /api/admin/users/:id/permissions'>;

/**
 * GET /admin/users/{id}/permissions. Spec §8: without a user id it fails with 'No user specified.' and asks the
 * server nothing; a failed call says 'Failed to fetch user permissions.' unless the server says more.
 */
export async function fetchUserPermissions(userId: string | null | undefined, signal?: AbortSignal): Promise<UserPermissions> {
  if (!userId?.trim()) {
    throw new ApiError({ success: false, status: 400, data: null, message: MESSAGES.noUserSpecified, validation_errors: [] });
  }
  return unwrap(
    await call('GET /api/admin/users/:id/permissions', {
      params: { id: userId },
      signal,
      fallbackMessage: MESSAGES.permissionsFetchFailed,
    }),
  );
}
