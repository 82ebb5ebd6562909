import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { adminHeaders, uniqueSuffix } from './admin-api.ts';
import { activeWorkflow, decide, intakeKey, submit } from './cases.ts';
import { E2E_ADMIN, E2E_BASE_URL } from './e2e-env.ts';
import { openSignedIn, type Account } from './throwaway-users.ts';

/**
 * The built web app and the API's docs UI run under the server's Content-Security-Policy (no inline script, no
 * eval, styles from the stylesheets only, nothing from elsewhere): every page is opened signed in, with its charts,
 * builder, markdown, menus and dialogs, in both themes, and any violation the browser reports fails the test.
 */

const ADMIN: Account = { ...E2E_ADMIN, first_name: 'System', last_name: 'Administrator', role: 'super_admin' };
const GUIDE = fs
  .readdirSync(new URL('../docs/guide/', import.meta.url))
  .filter((f) => f.endsWith('.md'))
  .map((f) => f.replace(/\.md$/, ''));

/** Collects what the browser says about the policy: its console messages, and each violation event of the page. */
function watchPolicy(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => {
    if (error.message.includes('Content Security Policy')) violations.push(`${page.url()}: ${error.message}`);
  });
  // Reported even when the console is quiet (a style attribute refused); the init script itself is not subject to the policy.
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`Content Security Policy violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  return violations;
}

const heading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 }).first();

let workflowId: string;

test.beforeAll(async ({ playwright }) => {
  // Cases, decided and open, so the dashboard, lists and charts have something to draw.
  const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  const headers = await adminHeaders(request);
  const me = (await (await request.get('/api/auth/me', { headers })).json()) as { organization_id: string };
  workflowId = await activeWorkflow(request, headers, me.organization_id, `CSP check ${uniqueSuffix()}`);
  const key = await intakeKey(request, headers, me.organization_id);
  const ids = [];
  for (const name of ['Ada Policy', 'Grace Policy', 'Alan Policy']) ids.push(await submit(request, key, workflowId, name));
  await decide(request, headers, ids[0]!, 'approve');
  await decide(request, headers, ids[1]!, 'reject');
  await request.dispose();
});

/** Opens each page and waits for what it shows: its heading, or the builder's first step. */
async function visit(page: Page, paths: readonly string[]) {
  for (const path of paths) {
    await page.goto(path);
    await page.waitForLoadState('load');
    if (path.startsWith('/workflows/builder?')) await expect(page.locator('.react-flow__node').first(), path).toBeVisible();
    else await expect(heading(page), path).toBeVisible();
  }
}

test('every page of the signed-in app runs under the Content-Security-Policy without a single violation', async ({ page }) => {
  test.setTimeout(300_000);
  const violations = watchPolicy(page);
  await openSignedIn(page, ADMIN, '/dashboard');
  const first = await page.request.get('/dashboard');
  expect(first.headers()['content-security-policy']).toContain("script-src 'self'");
  expect(first.headers()['content-security-policy']).not.toContain('unsafe');

  await visit(page, [
    '/dashboard',
    '/users',
    '/workflows',
    `/workflows/builder?id=${workflowId}`,
    '/workflows/builder',
    '/workflows/analytics',
    '/applications',
    '/applications/analytics',
    '/tools',
    '/tools/analytics',
    '/audit-log',
    '/settings/system-config',
    '/settings/organizations',
    '/settings/webhooks',
    '/settings',
    '/search?q=Policy',
    '/help',
    '/docs',
    ...GUIDE.map((slug) => `/docs/${slug}`),
    '/support',
    '/privacy-policy',
    '/no-such-page',
  ]);

  // Menus and dialogs place themselves with inline styles (Popper, react-bootstrap's modal and offcanvas).
  await page.goto('/users');
  await page.getByRole('banner').getByRole('button', { name: ADMIN.name }).click();
  const menu = page.getByRole('banner').getByRole('group', { name: ADMIN.name });
  await menu.getByRole('button', { name: 'My Profile' }).click();
  const profile = page.getByRole('dialog', { name: 'My Profile' });
  await expect(profile).toBeVisible();
  await profile.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(profile).toBeHidden();
  await page.getByRole('button', { name: 'New user' }).click();
  await expect(page.getByRole('dialog', { name: /user/i })).toBeVisible();

  expect(violations).toEqual([]);
});

test('the dark theme, charts and the builder included, runs under the policy too', async ({ page }) => {
  test.setTimeout(180_000);
  const violations = watchPolicy(page);
  await openSignedIn(page, ADMIN, '/dashboard');
  await page.getByRole('banner').getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'dark');
  await visit(page, ['/dashboard', `/workflows/builder?id=${workflowId}`, '/tools/analytics', '/docs/workflows', '/applications/analytics']);
  // The charts are drawn (SVG), not left empty.
  await expect(page.getByRole('figure', { name: 'Applications over time' }).getByRole('img')).toBeVisible();
  expect(violations).toEqual([]);
});

test('signed out, the sign-in and sign-up pages run under the policy too', async ({ page }) => {
  const violations = watchPolicy(page);
  for (const path of ['/login', '/register', '/unauthorized']) {
    await page.goto(path);
    await page.waitForLoadState('load');
    await expect(page.getByRole('heading').first(), path).toBeVisible();
  }
  expect(violations).toEqual([]);
});

test('the API reference at /api/docs works under the policy', async ({ page }) => {
  test.setTimeout(120_000); // the first visit builds the OpenAPI document
  const violations = watchPolicy(page);
  const res = await page.goto('/api/docs');
  expect(res!.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('heading', { name: /Admin Portal API/ })).toBeVisible({ timeout: 60_000 });
  // An operation opens with its parameters and schemas.
  await page.locator('.opblock-summary').filter({ hasText: '/api/auth/login' }).first().click();
  await expect(page.locator('.opblock-body').first()).toBeVisible();
  expect(violations).toEqual([]);
});
