import { expect, test, type Locator, type Page } from '@playwright/test';
import { flattenNavigation, NAV_FIX_TEXTS, NAVIGATION, type NavItem } from '@admin-portal/contract/navigation';
import type { Role } from '@admin-portal/contract/roles';
import { menuFor } from '../apps/web/src/app/navigation/menu.ts';
import { STORAGE_KEYS } from '../apps/web/src/shared/storage/storage-keys.ts';
import { E2E_ADMIN, E2E_BASE_URL } from './e2e-env.ts';
import { apiLogin, createThrowawayUser, openSignedIn, type Account } from './throwaway-users.ts';

/** Spec §2 navigation: the menu per role, collapse behaviour, breadcrumbs, guards, not-found and keyboard use. */

const ADMIN: Account = { ...E2E_ADMIN, first_name: 'System', last_name: 'Administrator', role: 'super_admin' };
const ROLES: Role[] = ['admin', 'manager', 'operator', 'viewer', 'compliance_officer', 'analyst'];

const accounts = new Map<Role, Account>();
/** Menu urls that have a screen (the others are built by later issues and answer with the not-found page). */
const built = new Set<string>(['/dashboard']);

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const notFound = (page: Page) => page.getByRole('heading', { name: 'Page not found' });

/** Opens a path and waits until it shows either the signed-in layout or the not-found page; true for the layout. */
async function opensInLayout(page: Page, path: string): Promise<boolean> {
  await page.goto(path);
  await expect(mainNav(page).or(notFound(page))).toBeVisible();
  return !(await notFound(page).isVisible());
}

test.beforeAll(async ({ browser, playwright }) => {
  test.setTimeout(120_000); // six accounts and a visit to every menu screen
  const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  for (const role of ROLES) accounts.set(role, await createThrowawayUser(request, { role, first_name: 'Menu' }));
  await request.dispose();
  // Which menu screens exist is what a super admin finds by visiting them (ADR 0009: no placeholders).
  const page = await browser.newPage({ baseURL: E2E_BASE_URL });
  await openSignedIn(page, ADMIN);
  for (const { item } of flattenNavigation(NAVIGATION)) {
    if (item.url !== '/dashboard' && (await opensInLayout(page, item.url!))) built.add(item.url!);
  }
  await page.close();
});

/** What the sidebar shows, depth first: group titles, sections (opened one by one) and their links. */
async function readMenu(nav: Locator): Promise<string[]> {
  const seen: string[] = [];
  for (const section of await nav.locator(':scope > section').all()) {
    seen.push((await section.getByRole('heading').textContent())!.trim());
    for (const entry of await section.locator(':scope > ul > li').all()) {
      const toggle = entry.getByRole('button').first();
      if ((await toggle.count()) === 0) {
        seen.push((await entry.getByRole('link').textContent())!.trim());
        continue;
      }
      seen.push((await toggle.textContent())!.trim());
      if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      for (const link of await entry.getByRole('list').getByRole('link').all()) seen.push((await link.textContent())!.trim());
    }
  }
  return seen;
}

const titles = (items: readonly NavItem[]): string[] => items.flatMap((i) => [i.title, ...titles(i.children ?? [])]);

test.describe('menu per role', () => {
  test('a super admin sees the Administration group with every section that has a screen', async ({ page }) => {
    const tokens = await openSignedIn(page, ADMIN);
    const expected = titles(menuFor(NAVIGATION, tokens.user, built));
    expect(await readMenu(mainNav(page))).toEqual(expected);
    expect(expected.slice(0, 2)).toEqual(['Administration', 'Dashboard']);
    if (built.has('/users')) expect(expected).toEqual(expect.arrayContaining(['User & Access', 'User Management']));
    if (built.has('/settings/organizations')) expect(expected).toEqual(expect.arrayContaining(['System Settings', 'Organizations']));
    // Screens of later issues are not offered at all (no placeholders).
    for (const { item } of flattenNavigation(NAVIGATION)) {
      if (!built.has(item.url!)) await expect(mainNav(page).getByRole('link', { name: item.title, exact: true })).toHaveCount(0);
    }
  });

  for (const role of ROLES) {
    test(`${role}: the menu is filtered by role and permissions`, async ({ page }) => {
      const account = accounts.get(role)!;
      const tokens = await openSignedIn(page, account);
      expect(await readMenu(mainNav(page))).toEqual(titles(menuFor(NAVIGATION, tokens.user, built)));
      // Spec §6: User & Access needs admin or super_admin; Organizations needs super_admin.
      if (role !== 'admin') await expect(mainNav(page)).not.toContainText('User & Access');
      await expect(mainNav(page)).not.toContainText('Organizations');
      await expect(mainNav(page)).not.toContainText(NAV_FIX_TEXTS.item);
    });
  }
});

test.describe('collapse behaviour', () => {
  test('the route’s section opens by itself, one branch at a time, and openMenus remembers it', async ({ page }) => {
    test.skip(!built.has('/users') || !built.has('/settings/organizations'), 'needs two sections with screens');
    await openSignedIn(page, ADMIN, '/users');
    const nav = mainNav(page);
    const users = nav.getByRole('button', { name: 'User & Access' });
    const settings = nav.getByRole('button', { name: 'System Settings' });
    await expect(users).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'User Management' })).toHaveAttribute('aria-current', 'page');
    await expect(settings).toHaveAttribute('aria-expanded', 'false');
    const stored = () => page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.openMenus);
    expect(await stored()).toBe('["user-access"]');

    await settings.click();
    await expect(settings).toHaveAttribute('aria-expanded', 'true');
    await expect(users).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'User Management' })).toHaveCount(0);
    expect(await stored()).toBe('["system-settings"]');

    await settings.click();
    await expect(settings).toHaveAttribute('aria-expanded', 'false');
    expect(await stored()).toBe('[]');

    // Following a link into a closed section opens it.
    await settings.click();
    await nav.getByRole('link', { name: 'Organizations' }).click();
    await expect(page).toHaveURL(/\/settings\/organizations$/);
    await expect(settings).toHaveAttribute('aria-expanded', 'true');

    // On a page outside any section, the stored choice is what opens after a reload.
    await nav.getByRole('button', { name: 'User & Access' }).click();
    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.reload();
    await expect(mainNav(page).getByRole('button', { name: 'User & Access' })).toHaveAttribute('aria-expanded', 'true');
    await expect(mainNav(page).getByRole('button', { name: 'System Settings' })).toHaveAttribute('aria-expanded', 'false');
  });

  test('the active page is highlighted in the menu', async ({ page }) => {
    await openSignedIn(page, ADMIN);
    const dashboard = mainNav(page).getByRole('link', { name: 'Dashboard' });
    await expect(dashboard).toHaveAttribute('aria-current', 'page');
    await expect(dashboard).toHaveClass(/active/);
  });
});

test.describe('breadcrumbs', () => {
  const crumbs = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem');

  test('are hidden on the dashboard', async ({ page }) => {
    await openSignedIn(page, ADMIN);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveCount(0);
  });

  test('use the menu title, else the capitalised segment with dashes as spaces', async ({ page }) => {
    const cases: [string, string[]][] = [
      ['/users', ['Dashboard', 'User Management']],
      ['/settings/organizations', ['Dashboard', 'Settings', 'Organizations']],
      ['/privacy-policy', ['Dashboard', 'Privacy policy']],
      ['/search?q=ada', ['Dashboard', 'Search']],
      ['/settings', ['Dashboard', 'Settings']],
    ];
    await openSignedIn(page, ADMIN);
    let checked = 0;
    for (const [path, expected] of cases) {
      if (!(await opensInLayout(page, path))) continue; // a page of another part of the issue that is not there yet
      await expect(crumbs(page)).toHaveText(expected);
      await expect(crumbs(page).last()).toHaveAttribute('aria-current', 'page');
      await crumbs(page).first().getByRole('link', { name: 'Dashboard' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      checked += 1;
    }
    expect(checked, 'at least one page with breadcrumbs exists').toBeGreaterThan(0);
  });

  test('lead only to the pages above: the personal Settings page is not the parent of System Settings', async ({ page }) => {
    await openSignedIn(page, ADMIN);
    for (const path of ['/settings/organizations', '/settings/system-config']) {
      await page.goto(path);
      await expect(crumbs(page).nth(1)).toHaveText('Settings');
      await expect(crumbs(page).nth(1).getByRole('link')).toHaveCount(0);
    }
    // Above a page of the menu, the menu's own pages stay links (Tool Registry above Tool Analytics).
    await page.goto('/tools/analytics');
    await expect(crumbs(page).nth(1).getByRole('link', { name: 'Tool Registry' })).toHaveAttribute('href', '/tools');
  });
});

test.describe('guards and unknown paths', () => {
  test('a viewer opening /users is sent to /unauthorized, with history replaced', async ({ page }) => {
    test.skip(!built.has('/users'), 'User Management is not built yet');
    await openSignedIn(page, accounts.get('viewer')!);
    await page.goto('/users');
    await expect(page).toHaveURL(/\/unauthorized$/);
    await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
    await expect(page).toHaveTitle(/^Access denied · /);
    // Inside the staff shell, like every page (issue 32 item 16): the header and the sidebar's menu lead on from here.
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Hide navigation' })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeVisible();
    await expect(mainNav(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Back to the dashboard' })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveTitle(/^Dashboard · /);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('an administrator opening Organizations (super admin only) is refused', async ({ page }) => {
    test.skip(!built.has('/settings/organizations'), 'Organizations is not built yet');
    await openSignedIn(page, accounts.get('admin')!);
    await page.goto('/settings/organizations');
    await expect(page).toHaveURL(/\/unauthorized$/);
  });

  test('an address under a menu branch with no screen and a mistyped address both get the not-found page', async ({ page }) => {
    await openSignedIn(page, ADMIN);
    for (const path of ['/settings/no-such-screen', '/no/such/page']) {
      await page.goto(path);
      await expect(notFound(page)).toBeVisible();
      await expect(page).toHaveTitle(/^Page not found · /);
      await expect(page.getByText(path, { exact: true })).toBeVisible();
    }
    await page.getByRole('link', { name: 'Go to the dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('signed out, a page sends to /login in place of itself, so Back does not bounce', async ({ page }) => {
    await page.goto('/dashboard?tab=1');
    await expect(page).toHaveURL(/\/login$/);
    await page.goBack();
    await expect(page).toHaveURL('about:blank');
  });

  test('/ shows a spinner while the session loads, then goes to the dashboard', async ({ page }) => {
    const tokens = await apiLogin(page.request, ADMIN.email, ADMIN.password);
    await page.addInitScript(
      ([keys, values]) => {
        localStorage.setItem(keys[0]!, values[0]!);
        localStorage.setItem(keys[1]!, values[1]!);
      },
      [
        [STORAGE_KEYS.accessToken, STORAGE_KEYS.refreshToken],
        [tokens.access_token, tokens.refresh_token],
      ] as const,
    );
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/me', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toBeVisible();
    release();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('keyboard', () => {
  test('Tab reaches the menu and Enter follows a link', async ({ page }) => {
    test.skip(!built.has('/users'), 'needs a second menu screen');
    await openSignedIn(page, ADMIN, '/users');
    await page.keyboard.press('Tab'); // skip link first
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
    const dashboard = mainNav(page).getByRole('link', { name: 'Dashboard' });
    for (let i = 0; i < 5 && !(await dashboard.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('Tab');
    await expect(dashboard).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('Enter opens a section, and Escape closes the user menu', async ({ page }) => {
    await openSignedIn(page, ADMIN);
    const toggle = page.getByRole('banner').getByRole('button', { name: ADMIN.name });
    await toggle.focus();
    await page.keyboard.press('Enter');
    const signOut = page.getByRole('button', { name: 'Sign Out' });
    await expect(signOut).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(signOut).toBeHidden();
    await expect(toggle).toBeFocused();
  });
});
