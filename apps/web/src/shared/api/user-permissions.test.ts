import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@admin-portal/contract/messages';
import { ApiError } from './api-result.ts';
import { fetchUserPermissions } from './user-permissions.ts';

const answer = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

afterEach(() => vi.unstubAllGlobals());

describe('fetchUserPermissions', () => {
  it("fails with 'No user specified.' without a user id, and asks the server nothing", async () => {
    const fetch = answer(200, { success: true, permissions: [] });
    vi.stubGlobal('fetch', fetch);
    for (const missing of ['', '  ', null, undefined]) {
      const error = await fetchUserPermissions(missing).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).message).toBe(MESSAGES.noUserSpecified);
      // A client error: the query layer does not retry it.
      expect((error as ApiError).status).toBe(400);
    }
    expect(fetch).not.toHaveBeenCalled();
  });

  it("asks for the user's permissions, and says 'Failed to fetch user permissions.' when the server gives no reason", async () => {
    const body = { success: true, permissions: ['view_workflows'], role_permissions: ['view_workflows'], extra_permissions: [] };
    const ok = answer(200, body);
    vi.stubGlobal('fetch', ok);
    await expect(fetchUserPermissions('u 1')).resolves.toEqual(body);
    expect(String((ok.mock.calls[0] as unknown[])[0])).toMatch(/\/api\/admin\/users\/u%201\/permissions$/);

    vi.stubGlobal('fetch', answer(500, {}));
    await expect(fetchUserPermissions('u1')).rejects.toThrow(MESSAGES.permissionsFetchFailed);
  });
});
