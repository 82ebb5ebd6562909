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
 * Makes the account "Locked" for the longest wait (15 minutes): sign-ins from addresses it never used must wait. It
 * takes forty wrong passwords across addresses while none of them is made to wait itself, which a real attack spreads
 * over many machines and hours; here ten addresses (the e2e server believes X-Forwarded-For) each sign in once (so
 * the account's own wait does not hold them back) and then fail four times (under the per-address threshold of five).
 * Returns an address the account never used, from which a sign-in now waits.
 */
export async function guessFromManyAddresses(request: APIRequestContext, email: string, password: string): Promise<string> {
  const tag = Math.floor(Math.random() * 200) + 20;
  const from = (a: number) => ({ 'x-forwarded-for': `198.51.${tag}.${10 + a}` });
  for (let a = 0; a < 10; a += 1) {
    expect((await request.post('/api/auth/login', { data: { email, password }, headers: from(a) })).status()).toBe(200);
  }
  for (let a = 0; a < 10; a += 1) {
    for (let i = 0; i < 4; i += 1) {
      expect((await request.post('/api/auth/login', { data: { email, password: `not-the-password-${i}` }, headers: from(a) })).status()).toBe(401);
    }
  }
  return `198.51.${tag}.200`;
}
