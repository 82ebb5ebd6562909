import { expect, test, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import { PASSKEY_TEXTS } from '@admin-portal/contract/passkey-texts';
import { startSecondServer, type DemoServer } from './demo-server.ts';
import { E2E_ADMIN, E2E_PORT } from './e2e-env.ts';
import { openProfile, profileDialog } from './profile-dialog.ts';
import { scan } from './axe.ts';

/**
 * Issue 37 item 2: a passkey registered from the profile with Chromium's virtual authenticator (the DevTools WebAuthn
 * domain), then used to sign in instead of the password. Browsers refuse WebAuthn at an IP address, so this spec runs
 * its own server at http://localhost (the tests' server is at 127.0.0.1).
 */

let server: DemoServer;
let context: BrowserContext;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  server = await startSecondServer(E2E_PORT + 2, { demo: false, host: 'localhost' });
  context = await browser.newContext({ baseURL: server.url });
});

test.afterAll(async () => {
  await context?.close();
  await server?.stop();
});

/** A platform authenticator that holds passkeys and verifies its user (a fingerprint) without asking. */
async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

async function signOut(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: E2E_ADMIN.name }).click();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test('registers a passkey from the profile, signs in with it instead of the password, and removes it', async () => {
  const page = await context.newPage();
  const { cdp, authenticatorId } = await virtualAuthenticator(page);

  await page.goto('/login');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Register: a name and the password, then the authenticator answers the browser's ceremony.
  await openProfile(page, E2E_ADMIN.name, 'Security');
  const panel = profileDialog(page).getByRole('region', { name: 'Passkeys' });
  await expect(panel).toContainText('No passkeys yet.');
  await panel.getByRole('button', { name: 'Add a passkey' }).click();
  await panel.getByRole('button', { name: 'Continue' }).click();
  await expect(panel.getByLabel('Passkey name')).toHaveAccessibleDescription(PASSKEY_TEXTS.nameRequired);
  await panel.getByLabel('Passkey name').fill('Chromium test key');
  await panel.getByLabel('Current password').fill(E2E_ADMIN.password);
  await panel.getByRole('button', { name: 'Continue' }).click();
  await expect(panel.getByRole('alert').or(panel.locator('.alert-success'))).toContainText(PASSKEY_TEXTS.added);
  const list = panel.getByRole('list', { name: 'Passkeys' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Chromium test key');
  await expect(list).toContainText('Not used to sign in yet');
  const { blocking, report } = await scan(page);
  expect(blocking, report).toEqual([]);
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);
  await profileDialog(page).getByRole('button', { name: 'Close' }).first().click();

  // Sign in with it: no e-mail, no password, no code.
  await signOut(page);
  await page.getByRole('button', { name: PASSKEY_TEXTS.signIn }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('banner')).toContainText(E2E_ADMIN.name);

  // Its last use shows; removed, it signs in no more.
  await openProfile(page, E2E_ADMIN.name, 'Security');
  await expect(list).toContainText('Last used');
  await list.getByRole('button', { name: 'Remove Chromium test key' }).click();
  await list.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(panel).toContainText(`Chromium test key: ${PASSKEY_TEXTS.removed}`);
  await expect(panel).toContainText('No passkeys yet.');
  await profileDialog(page).getByRole('button', { name: 'Close' }).first().click();
  await signOut(page);
  await page.getByRole('button', { name: PASSKEY_TEXTS.signIn }).click();
  await expect(page.getByRole('alert')).toHaveText(PASSKEY_TEXTS.unknown);
  await expect(page).toHaveURL(/\/login$/);
});
