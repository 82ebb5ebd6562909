import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '@admin-portal/contract/messages';
import { STORAGE_KEYS } from '../apps/web/src/shared/storage/storage-keys.ts';
import { E2E_ADMIN } from './e2e-env.ts';
import { apiLogin, createThrowawayUser, openSignedIn, type Account } from './throwaway-users.ts';

/** Spec §2 header and footer: search, clock, theme, user menu, organization switching, status and links. */

const ADMIN: Account = { ...E2E_ADMIN, first_name: 'System', last_name: 'Administrator', role: 'super_admin' };
const header = (page: Page) => page.getByRole('banner');
const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Sidebar' });
const userMenuToggle = (page: Page, name: string) => header(page).getByRole('button', { name });

test.describe('search', () => {
  test('submits only non-empty text, trimmed and URL-encoded', async ({ page }) => {
    await openSignedIn(page, ADMIN);
    const box = header(page).getByRole('searchbox', { name: 'Search' });
    await expect(box).toHaveAttribute('placeholder', MESSAGES.searchPlaceholder);

    await box.fill('    ');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/dashboard$/);

    await box.fill('  R&D / ops #1?  ');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=R%26D%20%2F%20ops%20%231%3F$/);
    // The search page keeps the query in the box (once that page exists).
    await expect(box.or(page.getByRole('heading', { name: 'Page not found' }))).toBeVisible();
    if (await box.isVisible()) await expect(box).toHaveValue('R&D / ops #1?');
  });
});

test.describe('clock', () => {
  test.use({ timezoneId: 'UTC', locale: 'en-US' });

  test('shows the date and time and is refreshed every 60 seconds', async ({ page }) => {
    await page.clock.install({ time: new Date('2026-03-14T09:41:05Z') });
    await openSignedIn(page, ADMIN);
    const clock = header(page).locator('time');
    await expect(clock).toHaveText('Sat, Mar 14, 09:41');
    await page.clock.fastForward(30_000);
    await expect(clock).toHaveText('Sat, Mar 14, 09:41');
    await page.clock.fastForward(30_000);
    await expect(clock).toHaveText('Sat, Mar 14, 09:42');
    await page.clock.fastForward('10:00');
    await expect(clock).toHaveText('Sat, Mar 14, 09:52');
  });

  test('follows the hour format and time zone chosen in Settings', async ({ page, request }) => {
    const account = await createThrowawayUser(request, { role: 'viewer', first_name: 'Clara' });
    const tokens = await apiLogin(request, account.email, account.password);
    const saved = await request.put('/api/auth/preferences', {
      headers: { Authorization: `Bearer ${tokens.access_token}` },
      data: { time_format: '12h', timezone: 'Asia/Tokyo' },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    await page.clock.install({ time: new Date('2026-03-14T09:41:05Z') });
    await openSignedIn(page, account);
    await expect(header(page).locator('time')).toHaveText('Sat, Mar 14, 06:41 PM');
  });
});

test.describe('theme', () => {
  test('the toggle switches data-bs-theme and the choice survives a reload', async ({ page }) => {
    await openSignedIn(page, ADMIN);
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-bs-theme', 'light');
    const lightBackground = await page.getByRole('main').evaluate((el) => getComputedStyle(el.closest('.app-shell')!).backgroundColor);

    await header(page).getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(html).toHaveAttribute('data-bs-theme', 'dark');
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.theme)).toBe('dark');
    const darkBackground = await page.getByRole('main').evaluate((el) => getComputedStyle(el.closest('.app-shell')!).backgroundColor);
    expect(darkBackground).not.toBe(lightBackground);
    // No white panels in the dark theme: the sidebar, header and footer take the dark body colour.
    for (const region of [sidebar(page), header(page), page.getByRole('contentinfo')]) {
      expect(await region.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgb(255, 255, 255)');
    }

    await page.reload();
    await expect(html).toHaveAttribute('data-bs-theme', 'dark');
    await header(page).getByRole('button', { name: 'Switch to light theme' }).click();
    await expect(html).toHaveAttribute('data-bs-theme', 'light');
    await page.reload();
    await expect(html).toHaveAttribute('data-bs-theme', 'light');
  });
});

test.describe('user menu', () => {
  let account: Account;
  test.beforeEach(async ({ request }) => {
    account = await createThrowawayUser(request, { role: 'operator', first_name: 'Olive' });
  });

  test('shows name, email, role label and organization, and Sign Out goes to /login', async ({ page }) => {
    await openSignedIn(page, account);
    await userMenuToggle(page, account.name).click();
    // The open menu is a group named after its toggle.
    const menu = header(page).getByRole('group', { name: account.name });
    await expect(menu).toContainText(account.name);
    await expect(menu).toContainText(account.email);
    await expect(menu).toContainText('Operator');
    await expect(menu).toContainText(E2E_ADMIN.organization);
    await expect(menu.getByRole('button', { name: 'My Profile' })).toBeVisible();
    await menu.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.accessToken)).toBeNull();
  });

  test('My Profile opens the profile dialog', async ({ page }) => {
    await openSignedIn(page, account);
    await userMenuToggle(page, account.name).click();
    await page.getByRole('button', { name: 'My Profile' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    // Spec §9: modal transition 300 ms, backdrop 150 ms.
    expect(await dialog.evaluate((el) => getComputedStyle(el.closest('.modal')!.querySelector('.modal-dialog')!).transitionDuration)).toBe('0.3s');
    expect(await dialog.evaluate((el) => getComputedStyle(el.closest('.modal')!).transitionDuration)).toBe('0.3s');
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('.modal-backdrop')!).transitionDuration)).toBe('0.15s');
  });

  test('the sidebar shows the brand, the user, the role label and the organization', async ({ page }) => {
    await openSignedIn(page, account);
    await expect(sidebar(page)).toContainText('Admin Portal');
    const who = sidebar(page).getByRole('group', { name: 'Signed in as' });
    await expect(who).toContainText(account.name);
    await expect(who).toContainText('Operator');
    await expect(who).toContainText(E2E_ADMIN.organization);
    // Only a super admin chooses the organization.
    await expect(header(page).getByRole('combobox', { name: 'Current organization' })).toHaveCount(0);
  });
});

test.describe('organization switching', () => {
  test('a super admin switches the organization and every page shows its data', async ({ page, request }) => {
    const admin = await apiLogin(request, ADMIN.email, ADMIN.password);
    const name = `Northwind ${Date.now().toString(36)}`;
    const created = await request.post('/api/admin/organizations', {
      headers: { Authorization: `Bearer ${admin.access_token}` },
      data: { name, description: 'Switched to from the header' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const org = (await created.json()) as { id: string };
    // The dashboard names the organization it shows figures of, and the account strip the one the user works in.
    const yourOrganization = page.getByRole('region', { name: 'Your account' });
    const figuresOf = (organization: string) => page.getByText(`How onboarding is going in ${organization} over`);

    await openSignedIn(page, ADMIN);
    const who = sidebar(page).getByRole('group', { name: 'Signed in as' });
    await expect(who).toContainText(E2E_ADMIN.organization);
    // By default a super admin works across all organizations (no X-Organization-Id is sent).
    const select = header(page).getByRole('combobox', { name: 'Current organization' });
    await expect(select).toHaveValue('');
    await expect(select.locator('option:checked')).toHaveText('All organizations');

    // Every call after the switch carries the organization.
    const scoped = page.waitForRequest((r) => r.url().includes('/api/') && r.headers()['x-organization-id'] === org.id);
    await select.selectOption({ label: name });
    await scoped;
    await expect(who).toContainText(name);
    await expect(yourOrganization).toContainText(name);
    await expect(figuresOf(name)).toBeVisible();
    const stored = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.organization);
    expect(JSON.parse(stored!)).toEqual({ user_id: admin.user.id, organization_id: org.id });

    // The choice is kept across a reload.
    await page.reload();
    await expect(who).toContainText(name);
    await expect(select).toHaveValue(org.id);
    await expect(yourOrganization).toContainText(name);
    await expect(figuresOf(name)).toBeVisible();

    // Another organization, then back to all of them.
    await select.selectOption({ label: E2E_ADMIN.organization });
    await expect(who).toContainText(E2E_ADMIN.organization);
    await expect(yourOrganization).toContainText(E2E_ADMIN.organization);
    await select.selectOption({ label: 'All organizations' });
    await expect(select).toHaveValue('');
    await expect(figuresOf('all organizations')).toBeVisible();
    await expect(who).toContainText(E2E_ADMIN.organization);
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.organization)).toBeNull();
    const unscoped = page.waitForRequest((r) => r.url().includes('/api/admin/'));
    await page.reload();
    expect((await unscoped).headers()['x-organization-id']).toBeUndefined();
  });

  test('a super admin signing in starts in their own organization; All organizations is theirs to choose', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const select = header(page).getByRole('combobox', { name: 'Current organization' });
    await expect(select.locator('option:checked')).toHaveText(E2E_ADMIN.organization);
    await expect(page.getByText(`How onboarding is going in ${E2E_ADMIN.organization} over`)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your account' })).toContainText(E2E_ADMIN.organization);
    const stored = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.organization))!) as { organization_id: string };
    expect(stored.organization_id).toBe(await select.inputValue());

    // All organizations, chosen, survives a reload.
    await select.selectOption({ label: 'All organizations' });
    await expect(page.getByText('How onboarding is going in all organizations over')).toBeVisible();
    await page.reload();
    await expect(select).toHaveValue('');
    await expect(page.getByText('How onboarding is going in all organizations over')).toBeVisible();
  });

  test('another user signing in on the same browser does not inherit the choice', async ({ page, request }) => {
    const operator = await createThrowawayUser(request, { role: 'operator' });
    await page.goto('/login');
    await page.evaluate(
      ([key]) => localStorage.setItem(key!, JSON.stringify({ user_id: 'someone-else', organization_id: crypto.randomUUID() })),
      [STORAGE_KEYS.organization],
    );
    const refused: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 403) refused.push(r.url());
    });
    await openSignedIn(page, operator);
    await expect(sidebar(page).getByRole('group', { name: 'Signed in as' })).toContainText(E2E_ADMIN.organization);
    expect(refused).toEqual([]);
  });
});

test.describe('footer', () => {
  test('shows the status, the product and version, and the links that exist', async ({ page }) => {
    await openSignedIn(page, ADMIN);
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(MESSAGES.allSystemsOperational);
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Admin Portal v1.0.0`);
    const links = footer.getByRole('link');
    for (const link of await links.all()) {
      expect(['/help', '/docs', '/support', '/privacy-policy']).toContain(await link.getAttribute('href'));
    }
  });
});
