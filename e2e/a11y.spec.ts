import { expect, test, type Page } from '@playwright/test';
import { STORAGE_KEYS } from '../apps/web/src/shared/storage/storage-keys.ts';
import { scan, settle } from './axe.ts';
import { E2E_ADMIN } from './e2e-env.ts';
import { apiLogin, openSignedIn } from './throwaway-users.ts';

/**
 * DESIGN §9 / issue 3: an axe-core scan in both themes, with no serious or critical violation, of what the scans per
 * role (a11y-roles.spec.ts, which opens every page each role can, the super admin's being every staff page) do not
 * reach: the pages of someone signed out, the builder showing a real workflow, the open user menu and the drawer.
 */

const ADMIN = { email: E2E_ADMIN.email, password: E2E_ADMIN.password, name: E2E_ADMIN.name };

/** Signed out; the last is the not-found screen, scanned on purpose. */
const SIGNED_OUT_PAGES = ['/login', '/register', '/unauthorized', '/no-such-page'];

const notFoundHeading = (page: Page) => page.getByRole('heading', { name: 'Page not found' });

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [STORAGE_KEYS.theme, theme]);
    });

    for (const path of SIGNED_OUT_PAGES) {
      test(`${path} has no serious or critical violations`, async ({ page }) => {
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
        await settle(page);
        if (path === '/no-such-page') await expect(notFoundHeading(page)).toBeVisible();
        const { blocking, report } = await scan(page);
        expect(blocking, report).toEqual([]);
      });
    }

    test('the builder showing a workflow made from a shipped template (steps, connections, branch labels) has no serious or critical violations', async ({
      page,
    }) => {
      const { access_token } = await apiLogin(page.request, ADMIN.email, ADMIN.password);
      const headers = { Authorization: `Bearer ${access_token}` };
      // A shipped template with branching steps, made into a workflow (the browser tests run without demo data).
      const templates = (await (await page.request.get('/api/admin/workflow-templates?scope=global&limit=100', { headers })).json()) as {
        items: { id: string; name: string }[];
      };
      const template = templates.items.find((t) => /KYB|credit/i.test(t.name)) ?? templates.items[0]!;
      const created = await page.request.post('/api/admin/workflows', { headers, data: { name: `Scanned ${theme} ${Date.now()}`, template_id: template.id } });
      expect(created.status(), await created.text()).toBe(201);
      const shown = ((await created.json()) as { id: string }).id;
      await openSignedIn(page, ADMIN);
      await page.goto(`/workflows/builder?id=${shown}`);
      await expect(page.locator('.builder[data-builder-ready="true"]')).toBeVisible();
      await expect(page.getByRole('group', { name: /^Connection from / }).first()).toBeAttached();
      await settle(page);
      const { blocking, report } = await scan(page);
      expect(blocking, report).toEqual([]);
    });

    test('the open user menu and the 1024 px drawer have no serious or critical violations', async ({ page }) => {
      await openSignedIn(page, ADMIN);
      await settle(page);
      await page.getByRole('banner').getByRole('button', { name: ADMIN.name }).click();
      await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
      let { blocking, report } = await scan(page);
      expect(blocking, report).toEqual([]);
      await page.keyboard.press('Escape');

      await page.setViewportSize({ width: 1024, height: 768 });
      await page.getByRole('banner').getByRole('button', { name: 'Show navigation' }).click();
      await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeVisible();
      ({ blocking, report } = await scan(page));
      expect(blocking, report).toEqual([]);
    });
  });
}
