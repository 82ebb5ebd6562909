import { expect, test, type Page } from '@playwright/test';
import { MESSAGES, SERVER_MESSAGES, VALIDATION } from '@admin-portal/contract/messages';
import { adminHeaders, createOrganization, createUserIn, uniqueSuffix } from './admin-api.ts';
import { scan } from './axe.ts';
import { E2E_BASE_URL } from './e2e-env.ts';
import { linkIn, mailTo } from './mailbox.ts';
import { openSignedIn } from './throwaway-users.ts';

/**
 * Self-registration from the sign-in page: offered only while some organization accepts sign-ups, the spec's profile
 * rules on the form, the server's refusals on the fields, the e-mailed link that creates the account (a real SMTP
 * server beside the e2e server), an administrator's approval, and a way on to sign in once the account may.
 */

let domain: string;
let organization: string;
/** An administrator of the organization that takes the sign-ups. */
let approver: { email: string; password: string; name: string };

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  const suffix = uniqueSuffix();
  domain = `signup-${suffix}.example`;
  organization = `Sign-up ${suffix}`;
  const headers = await adminHeaders(request);
  const org = await createOrganization(request, headers, { name: organization, settings: { allow_registration: true, allowed_email_domains: [domain] } });
  const admin = await createUserIn(request, headers, org.id, {
    email: `approver.${suffix}@approvers.example`,
    first_name: 'Ada',
    last_name: 'Approver',
    role: 'admin',
  });
  approver = { email: admin.email, password: 'Member-Passw0rd!', name: 'Ada Approver' };
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

test('signs up from the sign-in page, confirms the address from the e-mail, is approved by an administrator, then signs in', async ({ page, browser }) => {
  test.setTimeout(90_000); // two people, an e-mail and four accessibility scans
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

  // A common password is the server's refusal, on its field.
  const email = `nora.${uniqueSuffix()}@${domain}`;
  await fill(page, { email: email.toUpperCase(), password: 'Password1', confirm: 'Password1' });
  await form(page).getByRole('button', { name: 'Create Account' }).click();
  await expectFieldError(page, 'Password', SERVER_MESSAGES.passwordTooCommon);

  await fill(page, { password: 'Newcomer-Passw0rd', confirm: 'Newcomer-Passw0rd' });
  await form(page).getByRole('button', { name: 'Create Account' }).click();
  const sent = page.getByRole('status').filter({ hasText: 'Check your e-mail' });
  await expect(sent).toContainText(SERVER_MESSAGES.registrationCheckEmail);
  await expect(sent).toContainText(email.toUpperCase());
  const after = await scan(page);
  expect(after.blocking, after.report).toEqual([]);

  // No account yet: the e-mailed link makes it.
  const mail = await mailTo(email, /Confirm your e-mail/);
  await page.goto(linkIn(mail));
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your e-mail address' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(SERVER_MESSAGES.registrationConfirmedPending);
  // The token leaves the address bar.
  expect(page.url()).not.toContain('token=');
  const confirmed = await scan(page);
  expect(confirmed.blocking, confirmed.report).toEqual([]);

  // Waiting for approval: signing in says so.
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Newcomer-Passw0rd');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toContainText(SERVER_MESSAGES.accountPending);

  // An administrator sees the sign-up waiting on the Users page and approves it.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await openSignedIn(admin, approver, '/users');
  await expect(admin.getByRole('status').filter({ hasText: /waiting for your approval/ })).toBeVisible();
  await admin.getByRole('button', { name: 'Review sign-ups' }).click();
  await expect(admin).toHaveURL(/status=pending/);
  const row = admin.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Waiting for approval');
  await row.getByRole('button', { name: /^Actions for / }).click();
  await admin.getByRole('button', { name: 'Approve sign-up' }).click();
  await expect(admin.locator('.app-toasts .toast').filter({ hasText: 'Sign-up approved' })).toContainText(SERVER_MESSAGES.userApproved);
  await expect(row).toHaveCount(0);
  await adminContext.close();
  await mailTo(email, /approved/);

  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('banner')).toContainText('Nora Newcomer');
  await expect(page.getByRole('complementary', { name: 'Sidebar' })).toContainText(organization);
});

test('a used or broken confirmation link says so and offers to sign up again', async ({ page }) => {
  await page.goto('/register/confirm#token=not-a-real-token');
  await expect(page.getByRole('alert')).toHaveText(SERVER_MESSAGES.registrationLinkInvalid);
  await page.getByRole('link', { name: 'Sign up again' }).click();
  await expect(page).toHaveURL(/\/register$/);
});

test("shows the server's refusal on the form, and the spec's text when the server says nothing", async ({ page }) => {
  await page.goto('/register');
  // No organization accepts this domain.
  await fill(page, {
    first: 'Olga',
    last: 'Outsider',
    email: `olga.${uniqueSuffix()}@nowhere-${uniqueSuffix()}.example`,
    password: 'Outsider-Passw0rd',
    confirm: 'Outsider-Passw0rd',
  });
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
