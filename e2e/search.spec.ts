import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN, E2E_BASE_URL } from './e2e-env.ts';
import { adminHeaders, createOrganization, createUserIn, uniqueSuffix } from './admin-api.ts';
import { activeWorkflow, intakeKey, submit } from './cases.ts';
import { createThrowawayUser, openSignedIn, type Account } from './throwaway-users.ts';

/** /search: one search across what the signed-in user may see, grouped by type. */

const ADMIN: Account = { ...E2E_ADMIN, first_name: 'System', last_name: 'Administrator', role: 'super_admin' };
const tag = `s${uniqueSuffix()}`;
let orgName: string;
let emails: string[];
let viewer: Account;
/** An operator of the Lighthouse organization, with its workflow and a case sent through the intake API. */
let operator: Account;
let workflowName: string;
let workflowId: string;
let applicant: string;
let caseId: string;

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  const headers = await adminHeaders(request);
  orgName = `Lighthouse ${tag}`;
  const org = await createOrganization(request, headers, { name: orgName });
  emails = [`keeper.${tag}@lighthouse.example`, `signal.${tag}@lighthouse.example`];
  await createUserIn(request, headers, org.id, { email: emails[0]!, first_name: 'Kira', last_name: 'Keeper' });
  await createUserIn(request, headers, org.id, { email: emails[1]!, first_name: 'Sam', last_name: 'Signal' });
  viewer = await createThrowawayUser(request, { role: 'viewer', first_name: 'Vic' });
  const operatorEmail = `operator.${tag}@lighthouse.example`;
  await createUserIn(request, headers, org.id, { email: operatorEmail, first_name: 'Opal', last_name: 'Operator', role: 'operator' });
  operator = { email: operatorEmail, password: 'Member-Passw0rd!', first_name: 'Opal', last_name: 'Operator', role: 'operator', name: 'Opal Operator' };
  workflowName = `Individual KYC ${tag}`;
  workflowId = await activeWorkflow(request, headers, org.id, workflowName);
  applicant = `Radia Lamarr ${tag}`;
  caseId = await submit(request, await intakeKey(request, headers, org.id), workflowId, applicant);
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
  // The tag is in the organization's name, its people's e-mail addresses, a workflow's name and an applicant's address.
  await expect(page.getByText(`Results for “${tag}”: 1 application · 1 workflow · 3 users · 1 organization`)).toBeVisible();
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(['Applications', 'Workflows', 'Users', 'Organizations']);

  const users = group(page, 'Users');
  await expect(users).toContainText('3 users');
  await expect(users.getByRole('link')).toHaveCount(3);
  await expect(users.getByRole('link', { name: /Kira Keeper/ })).toContainText(emails[0]!);
  await expect(users.getByRole('link', { name: /Kira Keeper/ })).toHaveAttribute('href', `/users?q=${encodeURIComponent(emails[0]!)}`);

  const organizations = group(page, 'Organizations');
  await expect(organizations).toContainText('1 organization');
  await organizations.getByRole('link', { name: new RegExp(orgName) }).click();
  await expect(page).toHaveURL(`/settings/organizations?q=${encodeURIComponent(orgName).replace(/%20/g, '+')}`.replace(/\+/g, '%20'));
  await expect(page.getByRole('table', { name: 'Organizations' })).toContainText(orgName);
  await expect(page.getByRole('searchbox', { name: 'Search organizations' })).toHaveValue(orgName);

  await page.goBack();
  await group(page, 'Users')
    .getByRole('link', { name: /Sam Signal/ })
    .click();
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

test('finds workflows and applications by the applicant’s name and the case id, each opening its page', async ({ page }) => {
  await openSearch(page, operator, workflowName);
  const workflows = group(page, 'Workflows');
  await expect(workflows).toContainText('1 workflow');
  // An operator reads workflows but does not edit them: the result opens All Workflows, filtered.
  await expect(workflows.getByRole('link', { name: new RegExp(workflowName) })).toHaveAttribute('href', `/workflows?q=${encodeURIComponent(workflowName)}`);

  await page.goto(`/search?q=${encodeURIComponent(applicant)}`);
  const applications = group(page, 'Applications');
  await expect(applications).toContainText('1 application');
  await expect(applications.getByRole('link', { name: new RegExp(applicant) })).toContainText(workflowName);
  await applications.getByRole('link', { name: new RegExp(applicant) }).click();
  await expect(page).toHaveURL(new RegExp(`/applications\\?.*case=${caseId}`));
  await expect(page.getByRole('dialog', { name: applicant })).toBeVisible();

  await page.goto(`/search?q=${caseId.toUpperCase()}`);
  await expect(group(page, 'Applications').getByRole('link', { name: new RegExp(applicant) })).toBeVisible();
});

test('Ctrl-K opens a palette over the same results: arrows choose, Enter opens, Escape closes', async ({ page }) => {
  await openSignedIn(page, operator, '/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Search the portal' });
  await expect(palette).toBeVisible();
  const box = palette.getByRole('combobox', { name: 'Search the portal' });
  await expect(box).toBeFocused();
  await box.fill(`lamarr ${tag}`);
  const option = palette.getByRole('option', { name: new RegExp(applicant) });
  await expect(option).toBeVisible();
  await expect(palette.getByRole('group', { name: /Applications/ })).toContainText('1 application');
  await box.press('ArrowDown');
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
  await box.press('Enter');
  await expect(palette).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`case=${caseId}`));
  await expect(page.getByRole('dialog', { name: applicant })).toBeVisible();

  // Enter with nothing chosen shows every result on the search page; Escape closes without going anywhere.
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+k');
  await palette.getByRole('combobox').fill(tag);
  await expect(palette.getByRole('option', { name: `See all results for “${tag}”` })).toBeVisible();
  await palette.getByRole('combobox').press('Enter');
  await expect(page).toHaveURL(`/search?q=${tag}`);
  await page.keyboard.press('Control+k');
  await expect(palette).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();
  await expect(page).toHaveURL(`/search?q=${tag}`);
});
