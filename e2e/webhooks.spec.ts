import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { WEBHOOK_LIMITS, WEBHOOK_MESSAGES } from '@admin-portal/contract/webhook-texts';
import { adminHeaders, createOrganization, createUserIn, uniqueSuffix } from './admin-api.ts';
import { scan } from './axe.ts';
import { openSignedIn } from './throwaway-users.ts';

/**
 * System Settings → Webhooks (issue 38 item 4) as an organization's administrator, in an organization of the test's
 * own: a webhook to a receiver this spec starts on loopback (the e2e server allows it through TOOL_ALLOWED_HOSTS),
 * its signing secret shown once and verifying what arrives, a test event seen to succeed in the deliveries, a 500
 * seen as a failed attempt and then the retry 5 seconds later (the real schedule), a resend marked as one, Resend
 * refused while the webhook is off, the secret rotated, the webhook deleted; and the limit of 20.
 */

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** Records each request and answers with the next status queued (200 when none is). */
class Receiver {
  readonly received: Received[] = [];
  readonly statuses: number[] = [];
  url = '';
  private server: http.Server | null = null;

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        this.received.push({ headers: req.headers, body });
        const status = this.statuses.shift() ?? 200;
        res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'not now');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks/portal`;
  }

  of(messageId: string): Received[] {
    return this.received.filter((r) => r.headers['webhook-id'] === messageId);
  }

  async close(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

const receiver = new Receiver();
test.beforeAll(async () => receiver.start());
test.afterAll(async () => receiver.close());

async function organizationAdmin(page: Page, what: string) {
  const headers = await adminHeaders(page.request);
  const suffix = uniqueSuffix();
  const org = await createOrganization(page.request, headers, { name: `Webhooks ${what} ${suffix}` });
  const email = `webhooks-admin-${suffix}@example.com`;
  await createUserIn(page.request, headers, org.id, { email, first_name: 'Wanda', last_name: `Hook ${suffix}`, role: 'admin' });
  return { org, account: { email, password: 'Member-Passw0rd!', name: `Wanda Hook ${suffix}` } };
}

const table = (page: Page) => page.getByRole('table', { name: 'Webhooks' });
const toast = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title });
const panel = (page: Page) => page.getByRole('dialog', { name: 'Deliveries' });
const deliveries = (page: Page) => panel(page).getByRole('table', { name: 'Deliveries' });
const attempts = (scope: Locator) => scope.getByTestId('webhook-attempt');

async function rowAction(page: Page, name: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('button', { name: action, exact: true }).click();
}

test('an administrator adds a webhook, keeps its secret, and follows its deliveries through a failure, the retry and a resend', async ({ page }) => {
  test.setTimeout(180_000);
  const { account } = await organizationAdmin(page, 'Receiver');
  const short = receiver.url.replace('http://', '');
  let secret = '';

  await test.step('the empty page says what webhooks are for, under System Settings', async () => {
    await openSignedIn(page, account, '/settings/webhooks');
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    await expect(page).toHaveTitle(/^Webhooks · /);
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Webhooks');
    await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Webhooks' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { name: 'No webhooks yet' })).toBeVisible();
    await expect(page.getByText(/tells another of your systems/)).toBeVisible();
    await expect(page.getByTestId('webhooks-count')).toHaveText(`0 of ${WEBHOOK_LIMITS.subscriptions} webhooks`);
    await page.waitForLoadState('networkidle');
    const { blocking, report } = await scan(page);
    expect(blocking, report).toEqual([]);
  });

  await test.step('the dialog checks the form, then shows the signing secret once', async () => {
    await page.getByRole('button', { name: 'Add a webhook' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add a webhook' });
    await expect(dialog.getByLabel('Endpoint URL')).toBeFocused();
    await dialog.getByRole('button', { name: 'Add webhook' }).click();
    await expect(dialog.getByLabel('Endpoint URL')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByText(WEBHOOK_MESSAGES.url)).toBeVisible();
    await expect(dialog.getByText(WEBHOOK_MESSAGES.eventTypesRequired)).toBeVisible();
    const { blocking, report } = await scan(page);
    expect(blocking, report).toEqual([]);

    await dialog.getByLabel('Endpoint URL').fill(receiver.url);
    await dialog.getByLabel(/Description/).fill('CRM');
    await dialog.getByRole('checkbox', { name: /A tool was approved/ }).check();
    await expect(dialog.getByText(WEBHOOK_MESSAGES.eventTypesRequired)).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Add webhook' }).click();

    const added = page.getByRole('dialog', { name: 'Webhook added' });
    await expect(added.getByText('Copy this secret now: it won’t be shown again.')).toBeVisible();
    const field = added.getByLabel('Signing secret');
    await expect(field).toHaveValue(/^whsec_[A-Za-z0-9+/]{32}$/);
    secret = await field.inputValue();
    await expect(added.getByRole('button', { name: 'Copy signing secret' })).toBeVisible();
    await expect(added).toContainText('webhook-signature');
    await expect(toast(page, 'Webhook added')).toBeVisible();
    await added.getByRole('button', { name: 'Done' }).click();
    await expect(added).toBeHidden();
  });

  await test.step('the list shows it, without its secret', async () => {
    const row = table(page).getByRole('row').filter({ hasText: receiver.url });
    await expect(row).toContainText('CRM');
    await expect(row).toContainText('A tool was approved');
    await expect(row).toContainText('On');
    await expect(row).toContainText('None yet');
    await expect(page.getByTestId('webhooks-count')).toHaveText(`1 of ${WEBHOOK_LIMITS.subscriptions} webhooks`);
    await expect(page.getByText(secret)).toHaveCount(0);
    expect(await page.content()).not.toContain(secret);
  });

  let firstId = '';
  await test.step('a test event succeeds, signed with that secret', async () => {
    await rowAction(page, short, 'Send test event');
    await expect(toast(page, 'Test event sent')).toBeVisible();
    await expect(panel(page)).toBeVisible();
    const first = deliveries(page).getByRole('row').filter({ hasText: 'Test event' });
    await expect(first).toHaveCount(1);
    await expect(first).toContainText('Succeeded');
    expect(receiver.received).toHaveLength(1);
    const got = receiver.received[0]!;
    const event = new StandardWebhook(secret).verify(got.body, got.headers as Record<string, string>) as { type: string };
    expect(event.type).toBe('webhook.test');
    firstId = got.headers['webhook-id'] as string;

    await first.getByRole('button', { name: /^Test event:/ }).click();
    await expect(panel(page).getByTestId('webhook-delivery-status')).toHaveText('Succeeded');
    // The webhook-id, in the delivery's facts and in each attempt's request headers.
    await expect(panel(page).getByText(firstId).first()).toBeVisible();
    await expect(panel(page).getByRole('region', { name: 'Request body' })).toContainText('"type": "webhook.test"');
    await expect(attempts(panel(page))).toHaveCount(1);
    await expect(attempts(panel(page)).first()).toContainText('Automatic');
    await expect(attempts(panel(page)).first()).toContainText('HTTP 200');
    await page.waitForLoadState('networkidle');
    const { blocking, report } = await scan(page);
    expect(blocking, report).toEqual([]);
    await panel(page).getByRole('button', { name: 'All deliveries' }).click();
  });

  let retriedId = '';
  await test.step('a 500 shows as a failed attempt, then the retry 5 seconds later succeeds', async () => {
    receiver.statuses.push(500);
    await panel(page).getByRole('button', { name: 'Send test event' }).click();
    await expect(deliveries(page).getByRole('row').filter({ hasText: 'Test event' })).toHaveCount(2);
    const newest = deliveries(page).getByRole('row').filter({ hasText: 'Test event' }).first();
    await newest.getByRole('button', { name: /^Test event:/ }).click();
    await expect(panel(page).getByTestId('webhook-delivery-status')).toHaveText('Retrying');
    await expect(attempts(panel(page)).first()).toContainText('HTTP 500');
    await expect(attempts(panel(page)).first()).toContainText('Automatic');
    await expect(panel(page).getByText('Next attempt')).toBeVisible();
    // The first retry is 5 seconds after the failure; the panel asks again every 2 seconds meanwhile.
    await expect(panel(page).getByTestId('webhook-delivery-status')).toHaveText('Succeeded', { timeout: 30_000 });
    await expect(attempts(panel(page))).toHaveCount(2);
    await expect(attempts(panel(page)).nth(0)).toContainText('HTTP 200');
    await expect(attempts(panel(page)).nth(1)).toContainText('HTTP 500');
    await attempts(panel(page)).nth(1).getByText('Response headers').click();
    await expect(attempts(panel(page)).nth(1)).toContainText('not now');
    retriedId = receiver.received.at(-1)!.headers['webhook-id'] as string;
    expect(retriedId).not.toBe(firstId);
    expect(receiver.of(retriedId)).toHaveLength(2);
  });

  await test.step('Resend sends it again with the same webhook-id, marked as a resend', async () => {
    await panel(page).getByRole('button', { name: 'Resend' }).click();
    await expect(toast(page, 'Sending again')).toBeVisible();
    await expect(attempts(panel(page))).toHaveCount(3);
    await expect(attempts(panel(page)).first()).toContainText('Resend');
    await expect(attempts(panel(page)).first()).toContainText('HTTP 200');
    await expect(panel(page).getByTestId('webhook-delivery-status')).toHaveText('Succeeded');
    expect(receiver.of(retriedId)).toHaveLength(3);
    const resent = receiver.of(retriedId)[2]!;
    new StandardWebhook(secret).verify(resent.body, resent.headers as Record<string, string>);
  });

  await test.step('turned off, it sends nothing: Resend says why; turned on, it may again', async () => {
    await panel(page).getByRole('button', { name: 'Close deliveries' }).click();
    await expect(panel(page)).toBeHidden();
    const row = table(page).getByRole('row').filter({ hasText: receiver.url });
    await expect(row).toContainText('Succeeded');
    await rowAction(page, short, 'Turn off');
    await expect(toast(page, 'Webhook turned off')).toBeVisible();
    await expect(row.getByText('Off', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: `Actions for ${short}` }).click();
    await expect(page.getByRole('button', { name: 'Send test event', exact: true })).toBeDisabled();
    await expect(page.getByText(WEBHOOK_MESSAGES.disabled)).toBeVisible();
    await page.keyboard.press('Escape');

    await row.getByRole('button', { name: `Deliveries to ${short}` }).click();
    await deliveries(page)
      .getByRole('button', { name: /^Test event:/ })
      .first()
      .click();
    await expect(panel(page).getByRole('button', { name: 'Resend' })).toBeDisabled();
    await expect(panel(page).getByText(`${WEBHOOK_MESSAGES.disabled}.`).first()).toBeVisible();
    await panel(page).getByRole('button', { name: 'Turn on' }).click();
    await expect(toast(page, 'Webhook turned on')).toBeVisible();
    await expect(panel(page).getByRole('button', { name: 'Resend' })).toBeEnabled();
    await panel(page).getByRole('button', { name: 'Close deliveries' }).click();
    await expect(row.getByText('On', { exact: true })).toBeVisible();
  });

  await test.step('edit, rotate the secret (the new one shown once), delete', async () => {
    await rowAction(page, short, 'Edit');
    const edit = page.getByRole('dialog', { name: 'Edit webhook' });
    await expect(edit.getByLabel('Endpoint URL')).toHaveValue(receiver.url);
    await expect(edit.getByRole('checkbox', { name: /A tool was approved/ })).toBeChecked();
    await edit.getByLabel(/Description/).fill('CRM (production)');
    await edit.getByRole('checkbox', { name: /An application completed/ }).check();
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Webhook updated')).toBeVisible();
    const row = table(page).getByRole('row').filter({ hasText: receiver.url });
    await expect(row).toContainText('CRM (production)');
    await expect(row).toContainText('An application completed');

    await rowAction(page, short, 'Rotate secret…');
    const rotate = page.getByRole('dialog', { name: 'Rotate the signing secret' });
    await rotate.getByRole('button', { name: 'Rotate secret' }).click();
    const rotated = page.getByRole('dialog', { name: 'New signing secret' });
    await expect(rotated.getByLabel('Signing secret')).toHaveValue(/^whsec_/);
    const next = await rotated.getByLabel('Signing secret').inputValue();
    expect(next).not.toBe(secret);
    await rotated.getByRole('button', { name: 'Done' }).click();
    await expect(rotated).toBeHidden();

    await rowAction(page, short, 'Delete…');
    const remove = page.getByRole('dialog', { name: 'Delete webhook' });
    await expect(remove).toContainText('Its deliveries and their attempts are deleted with it');
    await remove.getByRole('button', { name: 'Delete webhook' }).click();
    await expect(toast(page, 'Webhook deleted')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No webhooks yet' })).toBeVisible();
  });
});

test('an organization with 20 webhooks cannot add another, and the page says why', async ({ page }) => {
  const { account } = await organizationAdmin(page, 'Full');
  const { access_token } = (await (await page.request.post('/api/auth/login', { data: { email: account.email, password: account.password } })).json()) as {
    access_token: string;
  };
  for (let i = 0; i < WEBHOOK_LIMITS.subscriptions; i++) {
    const res = await page.request.post('/api/admin/webhooks', {
      headers: { Authorization: `Bearer ${access_token}` },
      data: { url: `https://crm.example.com/hooks/${i}`, event_types: ['application.failed'] },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await openSignedIn(page, account, '/settings/webhooks');
  await expect(page.getByTestId('webhooks-count')).toHaveText(`${WEBHOOK_LIMITS.subscriptions} of ${WEBHOOK_LIMITS.subscriptions} webhooks`);
  await expect(table(page).getByRole('row')).toHaveCount(WEBHOOK_LIMITS.subscriptions + 1);
  await expect(page.getByRole('button', { name: 'Add a webhook' })).toBeDisabled();
  await expect(page.getByText(`This organization has ${WEBHOOK_LIMITS.subscriptions} webhooks, the most it can have`)).toBeVisible();
});
