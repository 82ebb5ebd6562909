import { expect, test, type BrowserContext } from '@playwright/test';
import { lowerAgeCheckInDraft } from './age-check-draft.ts';
import { startDemoServer, type DemoServer } from './demo-server.ts';
import { apiLogin, openSignedIn } from './throwaway-users.ts';

/**
 * Issue 36's test on the demo data (`npm start`'s month of history): Acme Bank's manager lowers Individual KYC's age
 * check from 18 to 16 in a draft beside the live version, simulates the last 30 days, sees the outcomes that change and
 * the reviews a day it adds, opens a changed case's two paths, and publishes the draft with the simulation's result in
 * the dialog.
 */

test.use({ viewport: { width: 1600, height: 1000 } });

let demo: DemoServer;
let context: BrowserContext;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  demo = await startDemoServer();
  context = await browser.newContext({ baseURL: demo.url, viewport: { width: 1600, height: 1000 } });
});

test.afterAll(async () => {
  await context?.close();
  await demo?.stop();
});

test('on the demo data, a manager simulates a lower age threshold on Individual KYC in a draft, then publishes it', async () => {
  test.setTimeout(120_000);
  const manager = { email: 'manager@acme-bank.example', password: demo.password, name: 'Maria Manager' };
  const page = await context.newPage();
  const { access_token } = await apiLogin(page.request, manager.email, manager.password);
  const list = await page.request.get('/api/admin/workflows?q=Individual%20KYC&limit=5', { headers: { Authorization: `Bearer ${access_token}` } });
  const kyc = ((await list.json()) as { items: { id: string; name: string; status: string; version: number }[] }).items.find(
    (w) => w.name === 'Individual KYC',
  )!;
  expect(kyc).toMatchObject({ status: 'active', version: 1 });
  const me = (await (await page.request.get('/api/auth/me', { headers: { Authorization: `Bearer ${access_token}` } })).json()) as {
    first_name: string;
    last_name: string;
  };
  manager.name = `${me.first_name} ${me.last_name}`;

  await openSignedIn(page, manager, `/workflows/builder?id=${kyc.id}`);
  await expect(page.getByLabel('Workflow name')).toHaveValue('Individual KYC');

  // The age check lowered to 16, saved as a draft: the workflow stays active on version 1.
  const banner = await lowerAgeCheckInDraft(page);

  // The last 30 days of the demo's cases, replayed on the draft.
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('button', { name: 'Simulate…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Simulate version 2' });
  await dialog.getByRole('button', { name: 'Run simulation' }).click();
  const headline = dialog.getByTestId('simulation-headline');
  await expect(headline).toHaveText(/^[1-9][0-9]* outcomes? changes?, reviews per day \+[0-9.]+$/, { timeout: 60_000 });
  const summary = (await headline.textContent())!;
  await expect(dialog.getByText(/^[0-9,]+ cases replayed on version 2 over 30 days/)).toBeVisible();

  // A changed case: declined as under 18 as it ran, a compliance review on the draft.
  await dialog
    .getByRole('button', { name: /^Compare the paths of case/ })
    .first()
    .click();
  await expect(dialog.getByRole('list', { name: 'As it ran' })).toHaveText(/Of age\? → otherwise.*Declined/s);
  await expect(dialog.getByRole('list', { name: 'On this version' })).toHaveText(/Of age\? → adult.*Compliance review/s);
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();

  // Publishing shows what the simulation found; version 2 is then live.
  await page.getByRole('button', { name: 'Publish' }).click();
  const publishing = page.getByRole('dialog', { name: 'Publish draft version 2 of Individual KYC?' });
  await expect(publishing.getByTestId('activation-simulation')).toHaveText(
    new RegExp(`^This change was simulated on [0-9,]+ cases: ${summary.replace(/[.+]/g, '\\$&')}\\.$`),
  );
  await publishing.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('toolbar', { name: 'Workflow builder' }).getByText('Version 2', { exact: true })).toBeVisible();
  await expect(banner).toHaveCount(0);
  await expect(page.getByTestId('workflow-status')).toHaveText('Active');
});
