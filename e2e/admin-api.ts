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

/**
 * Twenty wrong passwords for `email`, four from each of five network addresses (the e2e server believes
 * X-Forwarded-For): the guess spread over many machines that makes the account "Locked", i.e. sign-ins from addresses
 * it never used must wait. Returns an address the account never used, from which a sign-in now waits.
 */
export async function guessFromManyAddresses(request: APIRequestContext, email: string): Promise<string> {
  const tag = Math.floor(Math.random() * 200) + 20;
  for (let a = 0; a < 5; a += 1) {
    for (let i = 0; i < 4; i += 1) {
      const res = await request.post('/api/auth/login', { data: { email, password: `not-the-password-${i}` }, headers: { 'x-forwarded-for': `198.51.${tag}.${10 + a}` } });
      expect(res.status()).toBe(401);
    }
  }
  return `198.51.${tag}.200`;
}
