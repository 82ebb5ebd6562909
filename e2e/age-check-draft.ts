import { expect, type Locator, type Page } from '@playwright/test';

/**
 * In the builder, on an active Individual KYC workflow: the "Of age?" check lowered from 18 to 16 and saved as a draft
 * beside the live version (issue 36). Answers the banner that names the draft.
 */
export async function lowerAgeCheckInDraft(page: Page): Promise<Locator> {
  await expect(page.getByTestId('workflow-status')).toHaveText('Active');
  await page.locator('.react-flow__node', { hasText: 'Of age?' }).locator('.step-node-name').click();
  const expression = page.getByLabel('Expression');
  await expect(expression).toHaveValue('years_since(data.date_of_birth) >= 18');
  await expression.fill('years_since(data.date_of_birth) >= 16');
  await page.getByRole('button', { name: 'Status actions' }).click();
  await page.getByRole('button', { name: 'Save as draft (not live)' }).click();
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);
  const banner = page.getByRole('region', { name: 'Draft beside the live version' });
  await expect(banner).toContainText('Draft version 2, saved beside live version 1: applications start on version 1 until this draft is published.');
  await expect(page).toHaveURL(/[?&]draft=2$/);
  // The workflow itself stays active: applications keep starting on version 1.
  await expect(page.getByTestId('workflow-status')).toHaveText('Active');
  return banner;
}
