import { expect, type Page } from '@playwright/test';

/** The 'My Profile' dialog (spec §2, §4, §5), opened from the header's user menu. */
export const profileDialog = (page: Page) => page.getByRole('dialog', { name: 'My Profile' });

/** Opens 'My Profile' from the user menu of the person named `name`, on its first tab (or on `tab`). */
export async function openProfile(page: Page, name: string, tab?: 'Security' | 'Permissions') {
  await page.getByRole('banner').getByRole('button', { name }).click();
  await page
    .getByRole('button', { name: 'My Profile' })
    .or(page.getByRole('menuitem', { name: 'My Profile' }))
    .click();
  await expect(profileDialog(page)).toBeVisible();
  if (tab) await profileDialog(page).getByRole('tab', { name: tab }).click();
}
