import { expect, test, type Page } from '@playwright/test';
import { MESSAGES, SERVER_MESSAGES, VALIDATION } from '@admin-portal/contract/messages';
import { adminHeaders, createOrganization, uniqueSuffix } from './admin-api.ts';
import { scan } from './axe.ts';
import { E2E_BASE_URL } from './e2e-env.ts';

/**
 * Self-registration from the sign-in page: offered only while some organization accepts sign-ups, the spec's profile
 * rules on the form, the server's refusals on the fields, and a way on to sign in once the account exists.
 */

let domain: string;
let organization: string;

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  const suffix = uniqueSuffix();
  domain = `signup-${suffix}.example`;
  organization = `Sign-up ${suffix}`;
  await createOrganization(request, await adminHeaders(request), { name: organization, settings: { allow_registration: true, allowed_email_domains: [domain] } });
  await request.dispose();
});

const form = (page: Page) => page.getByRole('form', { name: 'Create an account' });
const field = (page: Page, label: string) => form(page).getByLabel(label, { exact: true });

async function fill(page: Page, values: { first?: string; last?: string; email?: string; password?: string; confirm?: string }) {
  if (values.first !== undefined) await field(page, 'First name').fill(values.first);
  if (values.last !== undefined) await field(page, 'Last name').fill(values.last);
  if (values.email !== undefined) await field(page, 'Email').fill(values.email);
  if (values.password !== undefined) await field(page, 'Password').fill(values.password);
  if (values.confirm !== undefined) await field(page, 'Confirm password').fill(values.confirm);
}

/** A field's own error, tied to it for screen readers. */
async function expectFieldError(page: Page, label: string, message: string) {
  const input = field(page, label);
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(input).toHaveAccessibleDescription(message);
}

test('signs up from the sign-in page, then signs in with the new account', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();

  // Spec §5 rules, checked on submit; the first invalid field gets the focus.
  await form(page).getByRole('button', { name: 'Create Account' }).click();
  await expectFieldError(page, 'First name', VALIDATION.firstNameRequired);
  await expectFieldError(page, 'Last name', VALIDATION.lastNameRequired);
  await expectFieldError(page, 'Email', VALIDATION.emailRequired);
  await expectFieldError(page, 'Password', VALIDATION.passwordTooShort);
  await expect(field(page, 'First name')).toBeFocused();
  const { blocking, report } = await scan(page);
  expect(blocking, report).toEqual([]);

  await fill(page, { first: 'Nora', last: 'Newcomer', email: 'nora@example', password: 'short', confirm: 'other' });
  // Editing a field clears its error.
  await expect(field(page, 'First name')).not.toHaveAttribute('aria-invalid', 'true');
  await form(page).getByRole('button', { name: 'Create Account' }).click();
  await expectFieldError(page, 'Email', VALIDATION.emailInvalid);
  await expectFieldError(page, 'Password', VALIDATION.passwordTooShort);
  await expectFieldError(page, 'Confirm password', VALIDATION.passwordsDoNotMatch);

  const email = `nora.${uniqueSuffix()}@${domain}`;
  await fill(page, { email: email.toUpperCase(), password: 'Newcomer-Passw0rd', confirm: 'Newcomer-Passw0rd' });
  await form(page).getByRole('button', { name: 'Create Account' }).click();
  const done = page.getByRole('status').filter({ hasText: 'Your account has been created' });
  await expect(done).toContainText(email);
  const after = await scan(page);
  expect(after.blocking, after.report).toEqual([]);

  // On to sign in, the email already filled in.
  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.getByLabel('Password').fill('Newcomer-Passw0rd');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('banner')).toContainText('Nora Newcomer');
  await expect(page.getByRole('complementary', { name: 'Sidebar' })).toContainText(organization);
});

test("shows the server's refusal on the form, and the spec's text when the server says nothing", async ({ page }) => {
  await page.goto('/register');
  // No organization accepts this domain.
  await fill(page, { first: 'Olga', last: 'Outsider', email: `olga.${uniqueSuffix()}@nowhere-${uniqueSuffix()}.example`, password: 'Outsider-Passw0rd', confirm: 'Outsider-Passw0rd' });
  await form(page).getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('alert')).toHaveText(SERVER_MESSAGES.registrationClosed);
  await expectFieldError(page, 'Email', SERVER_MESSAGES.registrationClosed);
  await expect(field(page, 'Email')).toBeFocused();

  // An answer without a detail (or no answer at all): 'Registration failed. Please try again.'
  await page.route('**/api/auth/register', (route) => route.fulfill({ status: 502, body: 'Bad gateway', contentType: 'text/plain' }));
  await fill(page, { email: `olga.${uniqueSuffix()}@${domain}` });
  await form(page).getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.registrationFailed);
  await page.route('**/api/auth/register', (route) => route.abort());
  await form(page).getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.registrationFailed);
});

test('when nobody may register, the sign-in page offers no sign-up and /register says so', async ({ page }) => {
  await page.route('**/api/auth/registration', (route) => route.fulfill({ json: { available: false } }));
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('link', { name: 'Create an account' })).toHaveCount(0);

  await page.goto('/register');
  await expect(page.getByRole('status')).toHaveText(SERVER_MESSAGES.registrationUnavailable);
  await expect(page.getByRole('form', { name: 'Create an account' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
