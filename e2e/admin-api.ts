import { expect, type APIRequestContext } from '@playwright/test';
import type { Organization } from '@admin-portal/contract/organizations';
import type { User } from '@admin-portal/contract/users';
import { E2E_ADMIN } from './e2e-env.ts';
import { apiLogin } from './throwaway-users.ts';

/** Setting up data through the API as the e2e super administrator, so a spec starts from what it needs. */

/** A suffix that keeps names from colliding with another spec or an earlier run on the same database. */
export const uniqueSuffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export async function adminHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const { access_token } = await apiLogin(request, E2E_ADMIN.email, E2E_ADMIN.password);
  return { Authorization: `Bearer ${access_token}` };
}

export async function createOrganization(
  request: APIRequestContext,
  headers: Record<string, string>,
  data: { name: string; description?: string; settings?: Record<string, unknown> },
): Promise<Organization> {
  const res = await request.post('/api/admin/organizations', { headers, data });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Organization;
}

export async function createUserIn(
  request: APIRequestContext,
  headers: Record<string, string>,
  organizationId: string,
  data: { email: string; first_name: string; last_name: string; role?: User['role'] },
): Promise<User> {
  const res = await request.post('/api/admin/users', {
    headers,
    data: { password: 'Member-Passw0rd!', role: 'viewer', ...data, organization_id: organizationId },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as User;
}
