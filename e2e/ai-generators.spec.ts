import { expect, test } from '@playwright/test';
import { GENERATOR_MESSAGES } from '@admin-portal/contract/ai/generators';
import { E2E_BASE_URL } from './e2e-env.ts';
import { createThrowawayUser, openSignedIn, type Account } from './throwaway-users.ts';

/**
 * "Generate with AI" (issue 16) in Chromium against the real server and its built-in generators: a manager describes a
 * workflow and a tool in a sentence, watches the task's progress, reads the draft and its assumptions, and gets a
 * draft to review — the workflow opened in the builder, the tool on its definition — never active or approved.
 */

let manager: Account;
let viewer: Account;

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  manager = await createThrowawayUser(request, { role: 'manager', first_name: 'Gemma' });
  viewer = await createThrowawayUser(request, { role: 'viewer', first_name: 'Vince' });
  await request.dispose();
});

test('a manager generates a workflow from a description and reviews the draft in the builder', async ({ page }) => {
  await openSignedIn(page, manager, '/workflows');
  await expect(page.getByRole('heading', { level: 1, name: 'All Workflows' })).toBeVisible();
  await page.getByRole('button', { name: 'Generate with AI' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate a workflow with AI' });
  await expect(dialog).toBeVisible();

  // Too short: said at once, nothing queued.
  await dialog.getByLabel('Describe the workflow').fill('KYC');
  await dialog.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(dialog.getByRole('alert')).toContainText(GENERATOR_MESSAGES.descriptionTooShort);

  await dialog
    .getByLabel('Describe the workflow')
    .fill(
      'Customer onboarding: collect name, email and date of birth, upload a passport, then a compliance officer approves within 48 hours and we email the applicant.',
    );
  await dialog.getByRole('button', { name: 'Generate', exact: true }).click();
  const progress = dialog.getByRole('progressbar', { name: 'Generation progress' });
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  await expect(dialog.getByText(GENERATOR_MESSAGES.done)).toBeVisible();
  const draft = dialog.getByTestId('ai-draft');
  await expect(draft).toContainText('Compliance review');
  await expect(draft).toContainText('Documents');

  await dialog.getByRole('button', { name: 'Create draft and open in the builder' }).click();
  await expect(page).toHaveURL(/\/workflows\/builder\?id=/);
  await expect(page.locator('.builder[data-builder-ready="true"]')).toBeVisible();
  await expect(page.getByLabel('Workflow name')).toHaveValue('Customer onboarding');
  // The draft passes the checks a hand-made workflow passes.
  await expect(page.getByRole('button', { name: 'No problems' })).toBeVisible();
  await expect(page.locator('.react-flow__node')).toHaveCount(8);
});

test('a manager generates a tool from a description and gets a draft tool on its definition', async ({ page }) => {
  await openSignedIn(page, manager, '/tools');
  await expect(page.getByRole('heading', { level: 1, name: 'Tool Registry' })).toBeVisible();
  await page.getByRole('button', { name: 'Generate with AI' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate a tool with AI' });
  const suffix = Date.now().toString(36);
  await dialog.getByLabel('Describe the tool').fill(`Validate an IBAN for branch ${suffix} with GET https://iban.example.com/validate/{iban}`);
  await dialog.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(dialog.getByRole('progressbar', { name: 'Generation progress' })).toHaveAttribute('aria-valuenow', '100');
  const draft = dialog.getByTestId('ai-draft');
  await expect(draft).toContainText('http_request');
  await expect(draft).toContainText('https://iban.example.com/validate/{{input.iban}}');
  await dialog.getByRole('button', { name: 'Create draft tool' }).click();
  await expect(page).toHaveURL(/\/tools\?.*tool=/);
  const detail = page.getByRole('dialog', { name: `validate_iban_branch_${suffix}` });
  await expect(detail).toContainText('Draft');
  await expect(detail.getByRole('tab', { name: 'Definition', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(detail.getByLabel('URL')).toHaveValue('https://iban.example.com/validate/{{input.iban}}');
});

test('a viewer is not offered the generators', async ({ page }) => {
  await openSignedIn(page, viewer, '/workflows');
  await expect(page.getByRole('heading', { level: 1, name: 'All Workflows' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generate with AI' })).toHaveCount(0);
});
