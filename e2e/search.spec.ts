import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN, E2E_BASE_URL } from './e2e-env.ts';
import { adminHeaders, createOrganization, createUserIn, uniqueSuffix } from './admin-api.ts';
import { createThrowawayUser, openSignedIn, type Account } from './throwaway-users.ts';

/** /search: one search across what the signed-in user may see, grouped by type. */

const ADMIN: Account = { ...E2E_ADMIN, first_name: 'System', last_name: 'Administrator', role: 'super_admin' };
const tag = `s${uniqueSuffix()}`;
let orgName: string;
let emails: string[];
let viewer: Account;

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  const headers = await adminHeaders(request);
  orgName = `Lighthouse ${tag}`;
  const org = await createOrganization(request, headers, { name: orgName });
  emails = [`keeper.${tag}@lighthouse.example`, `signal.${tag}@lighthouse.example`];
  await createUserIn(request, headers, org.id, { email: emails[0]!, first_name: 'Kira', last_name: 'Keeper' });
  await createUserIn(request, headers, org.id, { email: emails[1]!, first_name: 'Sam', last_name: 'Signal' });
  viewer = await createThrowawayUser(request, { role: 'viewer', first_name: 'Vic' });
  await request.dispose();
});

const group = (page: Page, heading: string) => page.getByRole('region', { name: heading });

async function openSearch(page: Page, account: Account, q: string) {
  await openSignedIn(page, account, '/dashboard');
  await page.goto(`/search?q=${encodeURIComponent(q)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible();
}

test('shows results grouped by type with counts, each linking to its page', async ({ page }) => {
  await openSearch(page, ADMIN, tag);
  await expect(page.getByText(`Results for “${tag}”: 2 users · 1 organization`)).toBeVisible();

  const users = group(page, 'Users');
  await expect(users).toContainText('2 users');
  await expect(users.getByRole('link')).toHaveCount(2);
  await expect(users.getByRole('link', { name: /Kira Keeper/ })).toContainText(emails[0]!);
  await expect(users.getByRole('link', { name: /Kira Keeper/ })).toHaveAttribute('href', `/users?q=${encodeURIComponent(emails[0]!)}`);

  const organizations = group(page, 'Organizations');
  await expect(organizations).toContainText('1 organization');
  await organizations.getByRole('link', { name: new RegExp(orgName) }).click();
  await expect(page).toHaveURL(`/settings/organizations?q=${encodeURIComponent(orgName).replace(/%20/g, '+')}`.replace(/\+/g, '%20'));
  await expect(page.getByRole('table', { name: 'Organizations' })).toContainText(orgName);
  await expect(page.getByRole('searchbox', { name: 'Search organizations' })).toHaveValue(orgName);

  await page.goBack();
  await group(page, 'Users').getByRole('link', { name: /Sam Signal/ }).click();
  await expect(page).toHaveURL(new RegExp(`/users\\?q=${encodeURIComponent(emails[1]!).replace(/\./g, '\\.')}$`));
});

test('searches from the page’s own box, and from the header', async ({ page }) => {
  await openSearch(page, ADMIN, '');
  await expect(page.getByText('What are you looking for?')).toBeVisible();
  const box = page.getByRole('main').getByRole('searchbox', { name: 'Search for' });
  await box.fill(`keeper.${tag}`);
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/search\\?q=keeper\\.${tag}$`));
  await expect(group(page, 'Users')).toContainText('1 user');

  const header = page.getByRole('banner').getByRole('searchbox', { name: 'Search' });
  await header.fill(`  ${orgName}  `);
  await header.press('Enter');
  await expect(page).toHaveURL(`/search?q=${encodeURIComponent(orgName)}`);
  await expect(group(page, 'Organizations').getByRole('link', { name: new RegExp(orgName) })).toBeVisible();
  await expect(box).toHaveValue(orgName);
});

test('says so when nothing matches', async ({ page }) => {
  const q = `nothing-here-${tag}`;
  await openSearch(page, ADMIN, q);
  await expect(page.getByText(`No results for “${q}”`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Users' })).toHaveCount(0);
});

test('shows a viewer no users, and only their own organization', async ({ page }) => {
  await openSearch(page, viewer, tag);
  await expect(page.getByText(`No results for “${tag}”`)).toBeVisible();
  await page.goto(`/search?q=${encodeURIComponent(E2E_ADMIN.organization)}`);
  const organizations = group(page, 'Organizations');
  await expect(organizations).toContainText('1 organization');
  await expect(organizations.getByRole('link', { name: new RegExp(E2E_ADMIN.organization) })).toHaveAttribute('href', '/dashboard');
  await expect(page.getByRole('region', { name: 'Users' })).toHaveCount(0);
});
