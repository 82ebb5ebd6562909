import { expect, test, type Browser, type Page } from '@playwright/test';
import { flattenNavigation, NAVIGATION } from '@admin-portal/contract/navigation';
import { ROLES, type Role } from '@admin-portal/contract/roles';
import { STORAGE_KEYS } from '../apps/web/src/shared/storage/storage-keys.ts';
import { scan, settle } from './axe.ts';
import { E2E_BASE_URL } from './e2e-env.ts';
import { createThrowawayUser, openSignedIn, type Account } from './throwaway-users.ts';

/**
 * DESIGN §9 for every role: signed in as each of the seven roles, in both themes, an axe-core scan of every page the
 * role can open — the pages its own menu offers (read from the sidebar, so a screen that lands later is covered once
 * its menu item shows) plus those every signed-in user has (the pages whose content is the same for every role, and
 * so differ only by the menu each role's pages all show, once, as the super admin). No serious or critical violation.
 * One browser context per role, pages in sequence; each page is scanned, switched to the other theme with the
 * header's toggle (as a person would), and scanned again. One test per role, so the workers share the roles.
 */

// The roles are independent: the two workers take them in turn.
test.describe.configure({ mode: 'parallel' });

/** Pages every signed-in user has, whatever the menu shows; what they show depends on the role. */
const EVERYONE = ['/dashboard', '/settings', '/search?q=a'];
/** Pages every signed-in user has that show the same to every role but for the menu: scanned as the super admin. */
const SAME_FOR_ALL = ['/help', '/docs', '/support', '/privacy-policy'];
const THEMES = ['light', 'dark'] as const;
/** Every page the menu can link to (NAVIGATION's URLs): the super admin's menu offers them all. */
const MENU_PAGES = flattenNavigation(NAVIGATION).flatMap(({ item }) => (item.url ? [item.url] : []));
/** Staff pages no menu links (reached from another page's buttons): scanned as the super admin. */
const OFF_MENU_PAGES = ['/tools/analytics'];

/** Every link of the main navigation, opening each collapse in turn (only one branch stays open at a time). */
async function menuPages(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link').first()).toBeVisible();
  const found = new Set<string>();
  const collect = async () => {
    for (const href of await nav.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')))) {
      if (href?.startsWith('/')) found.add(href);
    }
  };
  await collect();
  const opened = new Set<string>();
  // A collapse may hold another: keep opening closed ones not opened before until none is left.
  for (let round = 0; round < 20; round += 1) {
    const closed = nav.locator('button[aria-expanded="false"]');
    const titles = await closed.evaluateAll((buttons) => buttons.map((b) => b.textContent?.trim() ?? ''));
    const next = titles.find((t) => !opened.has(t));
    if (next === undefined) break;
    opened.add(next);
    await closed.filter({ hasText: next }).first().click();
    await collect();
  }
  return [...found];
}

/** Waits for the colour transitions a theme switch starts, so the scan reads the colours the page settles on. */
const transitionsDone = (page: Page) => page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));

/** Scans each page in sequence, in both themes; returns what failed, page by page. */
async function scanAll(page: Page, paths: readonly string[]): Promise<string[]> {
  const failures: string[] = [];
  const html = page.locator('html');
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    // A page the role's own menu offers must open, not bounce to /unauthorized.
    expect(new URL(page.url()).pathname, path).toBe(path.split('?')[0]);
    // A page that keeps an event stream open never lets the network go idle: it is settled once the stream says Live.
    const live = (await page.getByTestId('live-status').count()) > 0;
    await settle(page, live);
    const scanned: string[] = [];
    for (let round = 0; round < THEMES.length; round += 1) {
      const theme = (await html.getAttribute('data-bs-theme')) ?? '';
      scanned.push(theme);
      const { blocking, report } = await scan(page);
      if (blocking.length > 0) failures.push(`${path} (${theme}):\n  ${report}`);
      // The header's toggle: the next round (and the next page) is in the other theme.
      await page
        .getByRole('banner')
        .getByRole('button', { name: /^Switch to (light|dark) theme$/ })
        .click();
      await expect(html).not.toHaveAttribute('data-bs-theme', theme);
      await page.mouse.move(0, 0);
      await transitionsDone(page);
    }
    expect(scanned.sort(), `${path}: scanned in both themes`).toEqual([...THEMES].sort());
  }
  return failures;
}

async function scanRole(browser: Browser, account: Account): Promise<{ paths: string[]; failures: string[] }> {
  const context = await browser.newContext();
  await context.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [STORAGE_KEYS.theme, THEMES[0]]);
  const page = await context.newPage();
  // Leaving a new, unsaved workflow in the builder asks first; the scan moves on.
  page.on('dialog', (dialog) => void dialog.accept());
  try {
    await openSignedIn(page, account);
    const menu = await menuPages(page);
    // Every role's menu offers more than the dashboard (each may at least read workflows): the walk found the menu.
    expect(menu.filter((path) => !EVERYONE.includes(path)).length, `menu of ${account.role}: ${menu.join(' ')}`).toBeGreaterThan(0);
    const superAdmin = account.role === 'super_admin';
    if (superAdmin) expect(menu, 'the super admin’s menu offers every staff page').toEqual(expect.arrayContaining(MENU_PAGES));
    const paths = [...new Set([...menu, ...EVERYONE, ...(superAdmin ? [...OFF_MENU_PAGES, ...SAME_FOR_ALL] : [])])];
    return { paths, failures: await scanAll(page, paths) };
  } finally {
    await context.close();
  }
}

for (const role of ROLES) {
  test(`${role}: every page the role can open has no serious or critical violations, in both themes`, async ({ browser, playwright }) => {
    test.setTimeout(300_000);
    const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
    const account = await createThrowawayUser(request, { role: role as Role, first_name: 'Ally' });
    await request.dispose();
    const { paths, failures } = await scanRole(browser, account);
    test.info().annotations.push({ type: 'pages', description: paths.join(' ') });
    expect(failures, failures.join('\n')).toEqual([]);
  });
}
