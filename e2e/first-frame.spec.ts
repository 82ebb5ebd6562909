import { expect, test, type Page } from '@playwright/test';
import { PAGE_HEADINGS } from '@admin-portal/contract/page-headings';
import { STORAGE_KEYS } from '../apps/web/src/shared/storage/storage-keys.ts';
import { E2E_ADMIN } from './e2e-env.ts';
import { openSignedIn } from './throwaway-users.ts';

/**
 * A staff page's first frame (ADR 0070): the server draws the shell's outline and the page's heading into the HTML,
 * so a signed-in visitor sees where they are while the app's scripts download; the app's own page replaces it, and
 * the two are never on screen together. The app's scripts are held back here until the test lets them through.
 */

/** Holds every script of the build until the returned function is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Counts, in every painted frame from the start of each load, how many visible <h1> the page shows; the most is kept. */
async function countHeadingsPerFrame(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __mostHeadings: number };
    w.__mostHeadings = 0;
    const tick = () => {
      const shown = [...document.querySelectorAll('h1')].filter((h) => h.checkVisibility()).length;
      w.__mostHeadings = Math.max(w.__mostHeadings, shown);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

const mostHeadings = (page: Page) => page.evaluate(() => (window as unknown as { __mostHeadings: number }).__mostHeadings);

test('a signed-in visitor sees the page’s heading before the app has loaded, then the page, one heading at a time', async ({ page }) => {
  await openSignedIn(page, E2E_ADMIN, '/dashboard');
  await countHeadingsPerFrame(page);
  const release = await holdScripts(page);
  await page.goto('/users', { waitUntil: 'commit' });

  const frame = page.locator('#boot-frame');
  await expect(frame.locator('h1')).toHaveText(PAGE_HEADINGS['/users'].heading);
  await expect(frame.locator('h1')).toBeVisible();
  await expect(frame).toContainText(PAGE_HEADINGS['/users'].lead);
  await expect(frame.locator('.breadcrumb-item')).toHaveText(['Dashboard', 'User Management']);
  await expect(frame.locator('.boot-frame-sidebar')).toBeVisible();
  // Only a picture of what comes: nothing in it is read out or can be reached, and the app has drawn nothing yet.
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
  await expect(page.locator('#root > *')).toHaveCount(0);

  release();
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
  // The crumbs the frame showed are the app's.
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem')).toHaveText(['Dashboard', 'User Management']);
  await expect(frame).toHaveCount(0);
  await expect(page.locator('h1')).toHaveCount(1);
  expect(await mostHeadings(page)).toBe(1);
});

test('the Visual Builder’s frame is the spinner it opens with, then the builder, one heading at a time', async ({ page }) => {
  await openSignedIn(page, E2E_ADMIN, '/dashboard');
  await countHeadingsPerFrame(page);
  const release = await holdScripts(page);
  await page.goto('/workflows/builder', { waitUntil: 'commit' });

  const frame = page.locator('#boot-frame');
  await expect(frame.locator('.spinner-border')).toBeVisible();
  await expect(frame.locator('h1.visually-hidden')).toHaveText('Visual Builder');
  await expect(frame.locator('.breadcrumb-item')).toHaveText(['Dashboard', 'All Workflows', 'Visual Builder']);
  await expect(page.locator('#root > *')).toHaveCount(0);

  release();
  await expect(page.locator('.builder[data-builder-ready="true"]')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Visual Builder' })).toBeAttached();
  await expect(frame).toHaveCount(0);
  expect(await mostHeadings(page)).toBe(1);
});

test('the first frame keeps the stored theme and a closed sidebar, and draws a guide page’s card', async ({ page }) => {
  await openSignedIn(page, E2E_ADMIN, '/dashboard');
  await page.evaluate(
    ([theme, sidebar]) => {
      localStorage.setItem(theme, 'dark');
      localStorage.setItem(sidebar, 'false');
    },
    [STORAGE_KEYS.theme, STORAGE_KEYS.sidebarOpen] as const,
  );
  const release = await holdScripts(page);
  await page.goto('/settings/organizations', { waitUntil: 'commit' });
  const frame = page.locator('#boot-frame');
  await expect(frame.locator('h1')).toHaveText('Organizations');
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'dark');
  await expect(frame.locator('.boot-frame-sidebar')).toBeHidden();
  release();
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Organizations' })).toBeVisible();
  await expect(frame).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'dark');

  // A guide page's frame: its card, with the heading its markdown opens with as the build found it (doc-headings.json).
  const releaseGuide = await holdScripts(page);
  await page.goto('/docs/getting-started', { waitUntil: 'commit' });
  await expect(frame.locator('article h1')).toHaveText('Getting started');
  await expect(frame.locator('.breadcrumb-item')).toHaveText(['Dashboard', 'Docs', 'Getting started']);
  releaseGuide();
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Getting started' })).toBeVisible();
  await expect(frame).toHaveCount(0);
});

test('with a stored session the app asks for the saved preferences beside the session check, not after it, and the branding once', async ({ page }) => {
  // The analytics pages and the dashboard wait for the time zone the preferences hold: one round trip less before their figures.
  await openSignedIn(page, E2E_ADMIN, '/users');
  const order: string[] = [];
  let brandings = 0;
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/auth/preferences') order.push('preferences asked');
    if (new URL(r.url()).pathname === '/api/system/branding') brandings += 1;
  });
  page.on('response', (r) => {
    if (new URL(r.url()).pathname === '/api/auth/me') order.push('session answered');
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect.poll(() => order.length).toBeGreaterThanOrEqual(2);
  expect(order.slice(0, 2)).toEqual(['preferences asked', 'session answered']);
  // The branding once, the signed-in organization's: not the public one as well while the session was checked.
  await expect(page.getByRole('link', { name: 'Admin Portal' }).first()).toBeVisible();
  expect(brandings).toBe(1);
});

test('a visitor without a session never sees a staff page’s frame: the page goes on to sign-in', async ({ page }) => {
  await page.goto('/favicon.svg');
  await page.evaluate(() => localStorage.clear());
  const release = await holdScripts(page);
  await page.goto('/audit-log', { waitUntil: 'commit' });
  // The server drew it (it cannot know who is signed in), the page never showed it, and it is gone once the page is read.
  const html = await (await page.request.get('/audit-log')).text();
  expect(html).toContain('id="boot-frame"');
  await expect(page.locator('#boot-frame')).toHaveCount(0);
  await expect(page.locator('h1')).toHaveCount(0);
  release();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.locator('h1')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
