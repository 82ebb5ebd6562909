import { expect, test, type Page } from '@playwright/test';
import { SESSION_TEXTS } from '@admin-portal/contract/sessions';
import { E2E_ADMIN } from './e2e-env.ts';
import { createThrowawayUser, openSignedIn, type Account } from './throwaway-users.ts';
import { openProfile, profileDialog } from './profile-dialog.ts';

/** Issue 37 item 5: your sessions in the profile, and a user's on the Users page; signing one out ends it at once. */

async function openOwnSessions(page: Page, account: Pick<Account, 'name'>) {
  await openProfile(page, account.name, 'Security');
  return profileDialog(page).getByRole('list', { name: 'Your sessions' });
}

/** The other browser finds itself signed out the next time it asks the server anything. */
async function expectSignedOut(page: Page) {
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
}

test('lists your sessions with this device marked, signs out another one, then every other one', async ({ page, browser, request }) => {
  const account = await createThrowawayUser(request, { first_name: 'Sam' });
  await openSignedIn(page, account);
  const laptop = await browser.newContext();
  const other = await laptop.newPage();
  await openSignedIn(other, account);

  const list = await openOwnSessions(page, account);
  const rows = list.getByTestId('session-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: SESSION_TEXTS.thisDevice })).toHaveCount(1);
  await expect(rows.first()).toContainText(/Signed in .* · Last used /);
  const otherRow = rows.filter({ hasNotText: SESSION_TEXTS.thisDevice });
  // This device has no "Sign out" of its own here: that is the user menu's.
  await expect(rows.filter({ hasText: SESSION_TEXTS.thisDevice }).getByRole('button', { name: /Sign out/ })).toHaveCount(0);
  await otherRow.getByRole('button', { name: /^Sign out/ }).click();
  await expect(profileDialog(page).getByRole('alert')).toContainText(SESSION_TEXTS.sessionEnded);
  await expect(rows).toHaveCount(1);
  await expectSignedOut(other);

  // Signed in elsewhere again, then "everywhere else".
  await openSignedIn(other, account);
  await page.reload();
  const again = await openOwnSessions(page, account);
  await expect(again.getByTestId('session-row')).toHaveCount(2);
  await profileDialog(page).getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(profileDialog(page).getByRole('alert')).toContainText(SESSION_TEXTS.othersEnded(1));
  await expect(again.getByTestId('session-row')).toHaveCount(1);
  await expect(profileDialog(page).getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();
  await expectSignedOut(other);
  // This browser is still signed in.
  await page.reload();
  await expect(page).not.toHaveURL(/\/login$/);
  await laptop.close();
});

test('an administrator sees where a user is signed in and signs them out everywhere from the Users page', async ({ page, browser, request }) => {
  const account = await createThrowawayUser(request, { first_name: 'Rory' });
  const theirs = await browser.newContext();
  const theirPage = await theirs.newPage();
  await openSignedIn(theirPage, account);

  await openSignedIn(page, E2E_ADMIN, `/users?q=${encodeURIComponent(account.email)}`);
  const row = page.getByRole('table', { name: 'Users' }).locator('tbody tr').filter({ hasText: account.email });
  await row.getByRole('button', { name: /^Actions for / }).click();
  await page.getByRole('button', { name: 'Sessions', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Sessions of ${account.name}` });
  const rows = dialog.getByTestId('session-row');
  await expect(rows).toHaveCount(1);
  // Nobody's session is "this device" in someone else's list.
  await expect(rows).not.toContainText(SESSION_TEXTS.thisDevice);
  await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(dialog.getByRole('alert')).toContainText(SESSION_TEXTS.allEnded(1));
  await expect(dialog).toContainText(`${account.name} is not signed in anywhere.`);
  await expectSignedOut(theirPage);
  await theirs.close();
});
