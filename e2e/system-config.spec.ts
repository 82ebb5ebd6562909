import { expect, test, type Page } from '@playwright/test';
import { adminHeaders, createOrganization, createUserIn, uniqueSuffix } from './admin-api.ts';
import { openSignedIn } from './throwaway-users.ts';

/**
 * Issue 17: System Configuration as an organization's administrator, in an organization of the test's own (its
 * entries change only what that organization's people see): the typed editor, a feature flag that really switches
 * the AI assistant off and on, the product name in the sidebar, the effective value, and a file upload whose
 * progress bar is seen (the upload is throttled so the bar has time to show), cancelled and refused.
 */

const entries = (page: Page) => page.getByRole('table', { name: 'Configuration entries' });

async function organizationAdmin(page: Page) {
  const headers = await adminHeaders(page.request);
  const suffix = uniqueSuffix();
  const org = await createOrganization(page.request, headers, { name: `Config Org ${suffix}` });
  const email = `config-admin-${suffix}@example.com`;
  await createUserIn(page.request, headers, org.id, { email, first_name: 'Cora', last_name: `Config ${suffix}`, role: 'admin' });
  return { org, account: { email, password: 'Member-Passw0rd!', name: `Cora Config ${suffix}` } };
}

/**
 * Holds upload requests until `release()` (a loopback upload is over before anyone could see it): the bytes leave
 * the page and the progress bar shows while the request waits, then it goes to the server as sent.
 */
async function holdUploads(page: Page) {
  let release: () => void = () => undefined;
  let held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/admin/system-config/upload-binary', async (route) => {
    await held;
    await route.continue();
  });
  return {
    release: () => release(),
    rearm: () => {
      held = new Promise<void>((resolve) => (release = resolve));
    },
  };
}

test('a feature flag switches the AI assistant off and on, and the product name follows the configuration', async ({ page }) => {
  test.setTimeout(60_000);
  const { account } = await organizationAdmin(page);
  await openSignedIn(page, account, '/settings/system-config');
  await expect(page.getByRole('heading', { level: 1, name: 'System Configuration' })).toBeVisible();
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: /AI Assistant/i })).toBeVisible();

  // features.ai_assistant = false for this organization: the header's assistant button goes.
  await page.getByRole('button', { name: 'New entry' }).click();
  const dialog = page.getByRole('dialog', { name: 'New configuration entry' });
  await dialog.getByLabel('Key').fill('features.ai_assistant');
  await expect(dialog.getByLabel('Type')).toHaveValue('boolean');
  await expect(dialog.getByLabel('Type')).toBeDisabled();
  const value = dialog.getByRole('checkbox', { name: 'Value' });
  await expect(value).toBeChecked();
  await value.click();
  await expect(value).not.toBeChecked();
  await expect(dialog.getByText('false', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const row = entries(page).getByRole('row', { name: /features\.ai_assistant/ });
  await expect(row).toContainText('false');
  await expect(header.getByRole('button', { name: /AI Assistant/i })).toHaveCount(0);

  // Disabling the entry brings the assistant back (no entry applies: on by default).
  await row.getByRole('checkbox', { name: /enabled/ }).click();
  await expect(row.getByRole('checkbox', { name: /enabled/ })).not.toBeChecked();
  await expect(header.getByRole('button', { name: /AI Assistant/i })).toBeVisible();

  // branding.product_name: the sidebar shows it.
  await page.getByRole('button', { name: 'New entry' }).click();
  await dialog.getByLabel('Key').fill('branding.product_name');
  await dialog.getByLabel('Value').fill('Onboarding Desk');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('complementary', { name: 'Sidebar' })).toContainText('Onboarding Desk');

  // The effective value says where it comes from.
  await page.getByLabel('Key', { exact: true }).first().waitFor();
  const lookup = page.getByRole('region', { name: 'Effective value' });
  await lookup.getByLabel('Key').fill('branding.product_name');
  await lookup.getByRole('button', { name: 'Look up' }).click();
  await expect(lookup.getByTestId('effective-result')).toContainText('Onboarding Desk');
  await expect(lookup.getByTestId('effective-result')).toContainText('Organization, every environment');
});

test('the JSON editor checks the value as it is typed; a secret is never shown again', async ({ page }) => {
  const { account } = await organizationAdmin(page);
  await openSignedIn(page, account, '/settings/system-config');
  await page.getByRole('button', { name: 'New entry' }).click();
  const dialog = page.getByRole('dialog', { name: 'New configuration entry' });
  await dialog.getByLabel('Key').fill('integrations.crm');
  await dialog.getByLabel('Type').selectOption('json');
  await dialog.getByLabel('Value').fill('{"url": "https://crm.example", ');
  await expect(dialog.getByText(/Value must be valid JSON/)).toBeVisible();
  await dialog.getByLabel('Value').fill('{"url": "https://crm.example", "retries": 3}');
  await expect(dialog.getByText('Valid JSON')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(entries(page).getByRole('row', { name: /integrations\.crm/ })).toContainText('{"url":"https://crm.example","retries":3}');

  await page.getByRole('button', { name: 'New entry' }).click();
  await dialog.getByLabel('Key').fill('integrations.crm_token');
  await dialog.getByLabel('Type').selectOption('secret');
  await dialog.getByLabel('Value').fill('s3cr3t-token-value');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const secretRow = entries(page).getByRole('row', { name: /integrations\.crm_token/ });
  await expect(secretRow).toContainText('••••••••');
  await expect(page.getByText('s3cr3t-token-value')).toHaveCount(0);
});

test('uploads a file with the progress bar, cancels one, and refuses one over the limit', async ({ page }) => {
  test.setTimeout(90_000);
  const { account } = await organizationAdmin(page);
  await openSignedIn(page, account, '/settings/system-config');
  await expect(page.getByTestId('config-files-value')).toHaveText('0');
  const content = Buffer.alloc(1_500_000, 7);
  const uploads = await holdUploads(page);

  await page.getByRole('button', { name: 'Upload file' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload file' });
  await dialog.getByLabel('Key').fill('documents.terms');
  await dialog.getByLabel('Description (optional)').fill('Terms the applicants accept');
  await dialog.getByLabel('File').setInputFiles({ name: 'terms.pdf', mimeType: 'application/pdf', buffer: content });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  const bar = dialog.getByRole('progressbar', { name: 'Upload progress' });
  await expect(bar).toBeVisible();
  await expect(dialog.getByText(/Uploading terms\.pdf: \d+%/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Uploading…' })).toBeDisabled();
  uploads.release();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  const row = entries(page).getByRole('row', { name: /documents\.terms/ });
  await expect(row).toContainText('terms.pdf (1.4 MB)');
  await expect(page.getByTestId('config-files-value')).toHaveText('1');

  // Downloading gives the same bytes back.
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: /terms\.pdf/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('terms.pdf');

  // Cancel: nothing is saved.
  uploads.rearm();
  await page.getByRole('button', { name: 'Upload file' }).click();
  await dialog.getByLabel('Key').fill('documents.cancelled');
  await dialog.getByLabel('File').setInputFiles({ name: 'big.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(3_000_000, 1) });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByText(/Uploading big\.bin: \d+%/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel upload' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Upload cancelled. Nothing was saved.');
  uploads.release();
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(entries(page).getByRole('row', { name: /documents\.cancelled/ })).toHaveCount(0);

  // Over the limit (10 MB here): refused before a byte leaves, with the limit named.
  await page.getByRole('button', { name: 'Upload file' }).click();
  await dialog.getByLabel('Key').fill('documents.huge');
  await dialog.getByLabel('File').setInputFiles({ name: 'huge.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 1) });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByText('The file is larger than the upload limit of 10 MB.')).toBeVisible();

  // A logo must be an image: the server refuses a text file (the type is sniffed, not trusted).
  await dialog.getByLabel('Key').fill('branding.logo');
  await dialog.getByLabel('File').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('<svg onload="alert(1)"/>') });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByText('branding.logo accepts only PNG, JPEG, GIF or WebP files.')).toBeVisible();
});
