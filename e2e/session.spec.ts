import { expect, test, type Page } from '@playwright/test';
import { MESSAGES, TOASTS } from '@admin-portal/contract/messages';
import { STORAGE_KEYS } from '../apps/web/src/shared/storage/storage-keys.ts';
import { createThrowawayUser, openSignedIn, type Account } from './throwaway-users.ts';

/**
 * Spec §4 idle timeout and session check, with the browser's clock moved forward instead of waiting:
 * warning at 5 minutes left of 30 idle, m:ss countdown, Extend Session / Logout Now, expiry at 0.
 */

const countdownOf = (page: Page) => sessionDialog(page).getByRole('timer');
const sessionDialog = (page: Page) => page.getByRole('dialog', { name: 'Session Expiring' });

function seconds(countdown: string): number {
  const match = /^(\d+):(\d\d)$/.exec(countdown.trim());
  expect(match, `"${countdown}" is m:ss`).not.toBeNull();
  return Number(match![1]) * 60 + Number(match![2]);
}

async function readCountdown(page: Page): Promise<number> {
  return seconds((await countdownOf(page).textContent()) ?? '');
}

let account: Account;

test.beforeEach(async ({ page, request }) => {
  account = await createThrowawayUser(request, { first_name: 'Idle', role: 'operator' });
  await page.clock.install();
  await openSignedIn(page, account);
});

test('after 25 idle minutes a session-expiring warning counts down and cannot be dismissed', async ({ page }) => {
  const dialog = sessionDialog(page);
  await page.clock.fastForward('24:00');
  await expect(dialog).toBeHidden();

  await page.clock.fastForward('01:30');

  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Session Expiring');
  const first = await readCountdown(page);
  expect(first).toBeGreaterThan(3 * 60);
  expect(first).toBeLessThanOrEqual(5 * 60);
  const bar = dialog.getByRole('progressbar', { name: 'Time remaining before sign-out' });
  await expect(bar).toBeVisible();
  const fraction = Number(await bar.getAttribute('aria-valuenow'));
  expect(fraction).toBeGreaterThan(60);
  expect(fraction).toBeLessThanOrEqual(100);

  // The warning toast comes with it.
  const toast = page.getByRole('status').filter({ hasText: TOASTS.sessionExpiring.message });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText(TOASTS.sessionExpiring.title);

  // The countdown goes down each second.
  await page.clock.runFor(3000);
  await expect.poll(() => readCountdown(page)).toBeLessThanOrEqual(first - 3);
  expect(Number(await bar.getAttribute('aria-valuenow'))).toBeLessThanOrEqual(fraction);

  // No close button; Escape, a click on the backdrop and plain activity leave it open.
  await expect(dialog.getByRole('button', { name: /close/i })).toHaveCount(0);
  await expect(dialog.getByRole('button')).toHaveText(['Logout Now', 'Extend Session']);
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 5);
  await page.mouse.move(200, 200);
  await page.mouse.wheel(0, 300);
  await page.clock.runFor(1000);
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('Extend Session keeps the user signed in and restarts the idle time', async ({ page }) => {
  const verify: number[] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname === '/api/auth/verify') verify.push(r.status());
  });
  await page.clock.fastForward('25:30');
  const dialog = sessionDialog(page);
  await expect(dialog).toBeVisible();

  await dialog.getByRole('button', { name: 'Extend Session' }).click();

  await expect(page.getByRole('status').filter({ hasText: TOASTS.sessionExtended.title })).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(verify).toContain(200);
  await expect(page).toHaveURL(/\/dashboard$/);

  // A fresh 30 minutes: no warning 20 minutes on, the next one at 25.
  await page.clock.fastForward('20:00');
  await expect(dialog).toBeHidden();
  await page.clock.fastForward('05:30');
  await expect(dialog).toBeVisible();
});

test('clicking the Session Expiring toast extends the session, as Extend Session does', async ({ page }) => {
  const verify: number[] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname === '/api/auth/verify') verify.push(r.status());
  });
  await page.clock.fastForward('25:30');
  const dialog = sessionDialog(page);
  await expect(dialog).toBeVisible();
  const warning = page.getByRole('status').filter({ hasText: TOASTS.sessionExpiring.message });
  await expect(warning).toBeVisible();

  await warning.getByText(TOASTS.sessionExpiring.message).click();

  await expect(page.getByRole('status').filter({ hasText: TOASTS.sessionExtended.title })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(warning).toBeHidden();
  expect(verify).toContain(200);
  await expect(page).toHaveURL(/\/dashboard$/);

  // A fresh 30 minutes, as after the modal's button.
  await page.clock.fastForward('20:00');
  await expect(dialog).toBeHidden();
  await page.clock.fastForward('05:30');
  await expect(dialog).toBeVisible();
});

test('Extend Session ends the session when the server does not confirm it', async ({ page }) => {
  await page.clock.fastForward('25:30');
  const dialog = sessionDialog(page);
  await expect(dialog).toBeVisible();
  await page.route('**/api/auth/verify', (route) => route.fulfill({ status: 503, json: { detail: 'Service unavailable' } }));

  await dialog.getByRole('button', { name: 'Extend Session' }).click();

  const toast = page.getByRole('alert').filter({ hasText: TOASTS.sessionExpired.title });
  await expect(toast).toContainText(TOASTS.sessionExpired.message);
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.accessToken)).toBeNull();
});

test('Logout Now signs out and goes to /login', async ({ page }) => {
  await page.clock.fastForward('25:30');
  const dialog = sessionDialog(page);
  await expect(dialog).toBeVisible();
  const logout = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/logout');

  await dialog.getByRole('button', { name: 'Logout Now' }).click();

  await expect(page).toHaveURL(/\/login$/);
  expect((await logout).ok()).toBe(true);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.refreshToken)).toBeNull();
});

test('when the countdown reaches 0 the session expires with an error toast and /login', async ({ page }) => {
  await page.clock.fastForward('25:30');
  await expect(sessionDialog(page)).toBeVisible();
  const logout = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/logout');

  await page.clock.fastForward('04:30');

  const toast = page.getByRole('alert').filter({ hasText: TOASTS.sessionExpired.title });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText(TOASTS.sessionExpired.message);
  await expect(page).toHaveURL(/\/login$/);
  expect((await logout).ok()).toBe(true);
  await expect(sessionDialog(page)).toBeHidden();
  // Signing in again works and starts a fresh idle period.
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(sessionDialog(page)).toBeHidden();
});

test('30 idle minutes with the page asleep expire the session at once', async ({ page }) => {
  await page.clock.fastForward('31:00');
  await expect(page.getByRole('alert').filter({ hasText: TOASTS.sessionExpired.message })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('activity before the warning resets the idle timer', async ({ page }) => {
  const dialog = sessionDialog(page);
  await page.clock.fastForward('20:00');
  await page.mouse.move(300, 300);
  await page.mouse.move(320, 340);
  await page.clock.fastForward('06:00');
  await expect(dialog).toBeHidden();

  await page.keyboard.press('Shift');
  await page.keyboard.type('x');
  await page.clock.fastForward('24:00');
  await expect(dialog).toBeHidden();

  await page.clock.fastForward('01:30');
  await expect(dialog).toBeVisible();
});

test('the session is checked with the server every 300 s', async ({ page }) => {
  const verify: number[] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname === '/api/auth/verify') verify.push(r.status());
  });
  await page.mouse.move(10, 10);
  await page.clock.fastForward('04:50');
  await page.waitForTimeout(300);
  expect(verify).toEqual([]);
  await page.clock.fastForward('00:15');
  await expect.poll(() => verify).toEqual([200]);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a session the server no longer knows ends at the next check', async ({ page }) => {
  const refreshToken = await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.refreshToken);
  // Revoked elsewhere (another device signing out, or an administrator).
  expect((await page.request.post('/api/auth/logout', { data: { refresh_token: refreshToken } })).ok()).toBe(true);

  await page.clock.fastForward('05:05');

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
});

test('a check answered with valid=false expires the session', async ({ page }) => {
  await page.route('**/api/auth/verify', (route) => route.fulfill({ status: 200, json: { valid: false, user: null, expires_at: new Date().toISOString() } }));
  await page.clock.fastForward('05:05');
  await expect(page.getByRole('alert').filter({ hasText: TOASTS.sessionExpired.message })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('a startup that cannot fetch the current user signs out with "Failed to initialize application."', async ({ page }) => {
  await page.route('**/api/auth/me', (route) => route.fulfill({ status: 503, json: { detail: 'Service unavailable' } }));
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('alert').filter({ hasText: MESSAGES.startupFailed })).toBeVisible();
  expect(await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.accessToken)).toBeNull();
  // No idle timer runs for a signed-out page.
  await page.clock.fastForward('31:00');
  await expect(page.getByRole('alert').filter({ hasText: TOASTS.sessionExpired.title })).toHaveCount(0);
});
