import { expect, test } from '@playwright/test';
import { SSO_ERRORS, SSO_TEXTS } from '@admin-portal/contract/sso-texts';
import { startIdentityProvider, type TestIdentityProvider } from '../apps/server/src/test/oidc-provider.ts';
import { adminHeaders, createOrganization, uniqueSuffix } from './admin-api.ts';
import { E2E_ADMIN, E2E_BASE_URL } from './e2e-env.ts';
import { openSignedIn } from './throwaway-users.ts';
import { scan } from './axe.ts';

/**
 * Issue 37 item 4: single sign-on with OpenID Connect against a real provider (oidc-provider) the test starts on
 * 127.0.0.1. An administrator sets it up for an organization in the Organizations page; a person of its domain is
 * offered "Sign in with …", signs in at the provider, and comes back signed in to a new account, then to the same
 * account; an answer with a state the portal never gave is refused.
 */

let idp: TestIdentityProvider;

test.beforeAll(async () => {
  idp = await startIdentityProvider(`${E2E_BASE_URL}/api/auth/sso/callback`);
});
test.afterAll(async () => {
  await idp?.close();
});

test('an organization signs in with its identity provider: a new account, then the same one; a forged answer is refused', async ({
  page,
  browser,
  request,
}) => {
  const suffix = uniqueSuffix();
  const domain = `sso-${suffix}.example`;
  const org = await createOrganization(request, await adminHeaders(request), { name: `SSO Bank ${suffix}` });

  // The administrator sets it up.
  await openSignedIn(
    page,
    { email: E2E_ADMIN.email, password: E2E_ADMIN.password, name: E2E_ADMIN.name },
    `/settings/organizations?q=${encodeURIComponent(org.name)}`,
  );
  await page.getByRole('button', { name: `Single sign-on of ${org.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Single sign-on of ${org.name}` });
  await expect(dialog.locator('#sso-redirect-uri')).toHaveText(`${E2E_BASE_URL}/api/auth/sso/callback`);
  await dialog.getByRole('button', { name: 'Save single sign-on' }).click();
  await expect(dialog.getByLabel('Client secret')).toHaveAccessibleDescription(new RegExp(SSO_TEXTS.secretRequired));
  await dialog.getByLabel('Provider name').fill('Test IdP');
  await dialog.getByLabel('Issuer URL').fill(idp.issuer);
  await dialog.getByLabel('Client ID').fill(idp.clientId);
  await dialog.getByLabel('Client secret').fill(idp.clientSecret);
  await dialog.getByRole('textbox', { name: 'E-mail domains that sign in here' }).fill(domain);
  await dialog.getByRole('button', { name: 'Add domain' }).click();
  await dialog.getByLabel('Role of new accounts').selectOption({ label: 'Operator' });
  const { blocking, report } = await scan(page);
  expect(blocking, report).toEqual([]);
  await dialog.getByRole('button', { name: 'Save single sign-on' }).click();
  await expect(dialog).toBeHidden();

  // A person of that domain signs in through the provider.
  const email = `nina.newcomer@${domain}`;
  idp.addAccount({ email, given_name: 'Nina', family_name: 'Newcomer' });
  const context = await browser.newContext({ baseURL: E2E_BASE_URL });
  const person = await context.newPage();
  await person.goto('/login');
  await person.getByLabel('Email').fill(email);
  await expect(person.getByRole('link', { name: 'Sign in with Test IdP' })).toBeVisible();
  const signInPage = await scan(person);
  expect(signInPage.blocking, signInPage.report).toEqual([]);
  await person.getByRole('link', { name: 'Sign in with Test IdP' }).click();
  await expect(person.getByRole('heading', { name: 'Test identity provider' })).toBeVisible();
  await expect(person.getByLabel('E-mail')).toHaveValue(email);
  await person.getByRole('button', { name: 'Continue' }).click();
  await expect(person).toHaveURL(/\/dashboard$/);
  await expect(person.getByRole('banner')).toContainText('Nina Newcomer');
  expect(person.url()).not.toContain('sso=');

  // The account was made once, in the organization, with its role; the next sign-on finds it.
  const users = async () => {
    const res = await request.get(`/api/admin/users?q=${encodeURIComponent(email)}`, { headers: await adminHeaders(request) });
    return ((await res.json()) as { items: { email: string; role: string; organization_id: string }[] }).items.filter((u) => u.email === email);
  };
  expect(await users()).toEqual([expect.objectContaining({ role: 'operator', organization_id: org.id })]);
  await person.getByRole('banner').getByRole('button', { name: 'Nina Newcomer' }).click();
  await person.getByRole('button', { name: 'Sign Out' }).click();
  await expect(person).toHaveURL(/\/login$/);
  await person.getByLabel('Email').fill(email);
  // Still signed in at the provider: it sends the person straight back, without its form.
  await person.getByRole('link', { name: 'Sign in with Test IdP' }).click();
  await expect(person).toHaveURL(/\/dashboard$/);
  await expect(person.getByRole('banner')).toContainText('Nina Newcomer');
  expect(await users()).toHaveLength(1);

  // An answer with a state the portal never gave: back to the sign-in page, refused.
  await person.getByRole('banner').getByRole('button', { name: 'Nina Newcomer' }).click();
  await person.getByRole('button', { name: 'Sign Out' }).click();
  await person.goto('/api/auth/sso/callback?code=stolen-code&state=a-state-never-given');
  await expect(person).toHaveURL(/\/login$/);
  await expect(person.getByRole('alert')).toHaveText(SSO_ERRORS.invalid);
  await context.close();
});
