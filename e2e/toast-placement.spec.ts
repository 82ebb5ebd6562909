import { expect, test, type Locator, type Page } from '@playwright/test';
import { AI_MESSAGES } from '@admin-portal/contract/ai/api';
import { TOASTS } from '@admin-portal/contract/messages';
import { E2E_BASE_URL } from './e2e-env.ts';
import { createThrowawayUser, openSignedIn, type Account } from './throwaway-users.ts';

/**
 * Toasts stand top-right (spec §4) without covering what a person reaches for while one shows (issue 32 item 13):
 * the builder's Save and Activate, the dashboard's Refresh, and the AI panel's close button — beside the panel where
 * the window has room, below its header where it has not.
 */

let manager: Account;
let operator: Account;

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  manager = await createThrowawayUser(request, { role: 'manager', first_name: 'Toby' });
  operator = await createThrowawayUser(request, { role: 'operator', first_name: 'Tanja' });
  await request.dispose();
});

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Waits until the toast covers none of the targets (it places itself once the page under it is drawn). Focus in the
 * toast keeps it while that is checked, as it keeps it for a person: on a slow machine the page under it can take
 * most of its 5 s to draw.
 */
async function expectClearOf(toast: Locator, targets: Record<string, Locator>) {
  await expect(toast).toBeVisible();
  await toast.getByRole('button', { name: 'Close' }).focus();
  for (const [name, target] of Object.entries(targets)) {
    await expect(target).toBeVisible();
    await expect
      .poll(async () => overlaps((await toast.boundingBox())!, (await target.boundingBox())!), { message: `the toast covers ${name}`, timeout: 3_000 })
      .toBe(false);
  }
}

/** Top-right: its right edge near the window's (or the panel's) right edge, below the header. */
async function expectTopRight(page: Page, toast: Locator, rightEdge: number) {
  const box = (await toast.boundingBox())!;
  const header = (await page.getByRole('banner').boundingBox())!;
  expect(rightEdge - (box.x + box.width)).toBeLessThan(40);
  expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
  expect(box.y).toBeLessThan(page.viewportSize()!.height / 2);
}

for (const width of [1600, 1440, 1024]) {
  test(`on the builder at ${width} px a toast stands below the toolbar, clear of Save and Activate`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await openSignedIn(page, manager, '/workflows/builder');
    await expect(page.locator('.builder[data-builder-ready="true"]')).toBeVisible();
    // A long name makes a taller toast ("… is saved as version 1."), as real names do.
    await page.getByLabel('Workflow name').fill(`Know your customer onboarding for private and business customers ${width}`);
    const toolbar = page.getByRole('toolbar', { name: 'Workflow builder' });
    await toolbar.getByRole('button', { name: 'Save', exact: true }).click();
    const toast = page.getByRole('status').filter({ hasText: 'Workflow saved' });
    await expectClearOf(toast, {
      Save: toolbar.getByRole('button', { name: 'Save', exact: true }),
      Activate: toolbar.getByRole('button', { name: 'Activate', exact: true }),
    });
    await expectTopRight(page, toast, width);
  });
}

test('a menu opened while a toast shows is not under it: the toast stands below the open menu', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openSignedIn(page, manager, '/workflows/builder');
  await expect(page.locator('.builder[data-builder-ready="true"]')).toBeVisible();
  await page.getByLabel('Workflow name').fill('Onboarding with a menu opened under a toast');
  const toolbar = page.getByRole('toolbar', { name: 'Workflow builder' });
  await toolbar.getByRole('button', { name: 'Save', exact: true }).click();
  const toast = page.getByRole('status').filter({ hasText: 'Workflow saved' });
  await expect(toast).toBeVisible();
  // Opened from the keyboard, so the pointer rests nowhere near the toast.
  await toolbar.getByRole('button', { name: 'Status actions' }).press('Enter');
  await expectClearOf(toast, { 'the menu’s Archive': toolbar.getByRole('button', { name: 'Archive' }) });
});

for (const width of [1440, 1024, 390]) {
  test(`on the dashboard at ${width} px the sign-in toast leaves Refresh uncovered`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/login');
    await page.getByLabel('Email').fill(operator.email);
    await page.getByLabel('Password').fill(operator.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const toast = page.getByRole('status').filter({ hasText: TOASTS.loginSuccess.title });
    await expectClearOf(toast, { Refresh: page.getByRole('button', { name: 'Refresh' }) });
    await expectTopRight(page, toast, width);
  });

  test(`with the AI panel open at ${width} px a toast leaves the panel's close button uncovered`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await openSignedIn(page, operator, '/dashboard');
    await page.getByRole('button', { name: AI_MESSAGES.toggle, exact: true }).click();
    const panel = page.getByRole('complementary', { name: AI_MESSAGES.panelTitle });
    await expect(panel).toBeVisible();
    await panel.getByPlaceholder(AI_MESSAGES.inputPlaceholder).fill('What are my permissions?');
    await panel.getByPlaceholder(AI_MESSAGES.inputPlaceholder).press('Enter');
    await panel.getByRole('button', { name: 'Very helpful' }).click();
    const toast = page.getByRole('status').filter({ hasText: TOASTS.feedbackSubmitted.message });
    const close = panel.getByRole('button', { name: AI_MESSAGES.closePanel });
    await expectClearOf(toast, { 'the close button': close, 'the clear button': panel.getByRole('button', { name: AI_MESSAGES.clearConversation }) });
    const panelBox = (await panel.boundingBox())!;
    if (width >= 1024) {
      // Room beside the panel: the toast stands to its left, over none of it.
      await expectClearOf(toast, { 'the panel': panel });
      await expectTopRight(page, toast, panelBox.x);
    } else {
      await expectTopRight(page, toast, width);
    }
  });
}
