import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { E2E_ADMIN } from './e2e-env.ts';
import { openSignedIn, type Account } from './throwaway-users.ts';

/** Help centre, user guide, support and privacy policy: real content from the repository's markdown. */

const ADMIN: Account = { ...E2E_ADMIN, first_name: 'System', last_name: 'Administrator', role: 'super_admin' };
const main = (page: Page) => page.getByRole('main');

/** The guide pages this spec knows, in reading order; pages added later follow them. */
const KNOWN_GUIDE = [
  'Getting started',
  'Users, roles and permissions',
  'Organizations',
  'Workflows and the Visual Builder',
  'Tools and the MCP endpoint',
  'Your settings',
  'Security',
  'The API',
];
const GUIDE_FILES = fs.readdirSync(new URL('../docs/guide/', import.meta.url)).filter((f) => f.endsWith('.md'));

/** One entry per file in docs/guide, the known pages first and in order. */
async function expectGuideTitles(titles: Locator) {
  await expect(titles).toHaveCount(GUIDE_FILES.length);
  expect((await titles.allTextContents()).map((t) => t.trim()).slice(0, KNOWN_GUIDE.length)).toEqual(KNOWN_GUIDE);
}

test('the help centre answers common questions and links to the guide, support and the API reference', async ({ page }) => {
  await openSignedIn(page, ADMIN, '/help');
  await expect(main(page).getByRole('heading', { level: 1, name: 'Help centre' })).toBeVisible();

  const answers = main(page).getByRole('region', { name: 'Quick answers' });
  for (const q of [
    'How do I sign in?',
    'Why must I wait before signing in?',
    'Why was I signed out?',
    'How do I change my password?',
    'Who do I ask for access?',
  ]) {
    await expect(answers.getByRole('button', { name: q })).toBeVisible();
  }
  await answers.getByRole('button', { name: 'Why must I wait before signing in?' }).click();
  await expect(answers.getByText(/each further try from there waits a little longer/)).toBeVisible();
  await answers.getByRole('button', { name: 'Why was I signed out?' }).click();
  await expect(answers.getByText(/30 minutes without activity/)).toBeVisible();
  await expect(answers.getByText(/When 5 minutes are left/)).toBeVisible();

  await expect(main(page).getByRole('link', { name: /API reference/ })).toHaveAttribute('href', '/api/docs');
  await expect(
    main(page)
      .getByRole('link', { name: /Support/ })
      .first(),
  ).toHaveAttribute('href', '/support');
  await expectGuideTitles(main(page).getByRole('region', { name: 'In the user guide' }).getByRole('link'));
  await main(page)
    .getByRole('link', { name: /User guide/ })
    .click();
  await expect(page).toHaveURL(/\/docs$/);
});

test('the docs list every guide page with its first heading and paragraph; a page renders headings, tables and code', async ({ page }) => {
  await openSignedIn(page, ADMIN, '/docs');
  const list = main(page).getByRole('list', { name: 'Guide pages' });
  await expectGuideTitles(list.getByRole('heading', { level: 2 }));
  await expect(list.getByRole('listitem').filter({ hasText: 'The API' })).toContainText('Everything the portal does goes through its HTTP API');

  await list.getByRole('link', { name: 'The API' }).click();
  await expect(page).toHaveURL(/\/docs\/api$/);
  const article = main(page).getByRole('article');
  await expect(article.getByRole('heading', { level: 1, name: 'The API' })).toBeVisible();
  await expect(article.getByRole('heading', { level: 2, name: 'Errors' })).toBeVisible();
  const table = article.getByRole('table').filter({ hasText: 'Conflicts with the current state' });
  await expect(table.getByRole('columnheader')).toHaveText(['Status', 'Meaning']);
  await expect(table.getByRole('row').filter({ hasText: '409' })).toContainText('Conflicts with the current state');
  await expect(table.getByRole('row').filter({ hasText: '400' })).toContainText('a field or query parameter the operation does not have');
  await expect(article.locator('pre code').filter({ hasText: 'Please enter a valid email address' })).toBeVisible();
  await expect(article.getByRole('heading', { level: 3, name: 'What every request must follow' })).toBeVisible();
  await expect(article.locator('pre code').filter({ hasText: 'Malformed request: remember_me: Unknown field' })).toBeVisible();
  await expect(article.getByRole('link', { name: '/api/docs' })).toHaveAttribute('href', '/api/docs');

  // The guide's navigation and "on this page" links.
  await expect(main(page).getByRole('navigation', { name: 'User guide' }).getByRole('link', { name: 'The API' })).toHaveAttribute('aria-current', 'page');
  await main(page)
    .getByRole('navigation', { name: 'Guide pages' })
    .getByRole('link', { name: /Security/ })
    .click();
  await expect(page).toHaveURL(/\/docs\/security$/);
  await expect(main(page).getByRole('article').getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
});

test('a guide page links to another, and an unknown page says so', async ({ page }) => {
  await openSignedIn(page, ADMIN, '/docs/getting-started');
  await main(page).getByRole('article').getByRole('link', { name: 'Your settings' }).click();
  await expect(page).toHaveURL(/\/docs\/settings$/);
  await expect(main(page).getByRole('article').getByRole('table')).toContainText('Rows per page');

  await page.goto('/docs/no-such-page');
  await expect(main(page).getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(main(page)).toContainText('The user guide has no page “no-such-page”');
});

test('support and privacy policy render their pages, also from the footer, in light and dark', async ({ page }) => {
  await openSignedIn(page, ADMIN, '/support');
  await expect(main(page).getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
  await expect(main(page).getByRole('heading', { level: 2, name: 'Reporting a problem' })).toBeVisible();
  await expect(main(page).getByRole('article').getByRole('list').first()).toContainText('Check the status');

  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: /Privacy/i })
    .click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await expect(main(page).getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
  await expect(main(page).getByRole('heading', { level: 2, name: 'What is stored' })).toBeVisible();

  await page.evaluate(() => localStorage.setItem('admin_portal.theme', 'dark'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'dark');
  await expect(main(page).getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
});
