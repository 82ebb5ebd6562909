import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { AI_MESSAGES } from '@admin-portal/contract/ai/api';
import { AI_PAGE_HELP } from '@admin-portal/contract/ai/page-help';
import { MESSAGES, TOASTS } from '@admin-portal/contract/messages';
import { STORAGE_KEYS } from '../apps/web/src/shared/storage/storage-keys.ts';
import { adminHeaders, createOrganization, createUserIn, uniqueSuffix } from './admin-api.ts';
import { activeWorkflow, intakeKey, submit } from './cases.ts';
import { E2E_BASE_URL } from './e2e-env.ts';
import { openSignedIn } from './throwaway-users.ts';

/**
 * The AI assistant panel (issue 16) in Chromium against the real server and its built-in provider: an operator of an
 * organization of this spec's own, where two applications wait for the operator's review, opens the panel from the
 * header, asks with a suggestion and by typing, reads the answer from their live data, rates it, clears the
 * conversation, and sees the welcome follow the page. A failed call shows spec §8's bubble and toast.
 */

test.use({ timezoneId: 'UTC', locale: 'en-US' });

const PASSWORD = 'Member-Passw0rd!';
let operator: { email: string; password: string; name: string };
let organizationName: string;

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  const headers = await adminHeaders(request);
  const tag = uniqueSuffix();
  organizationName = `Assistant ${tag}`;
  const org = (await createOrganization(request, headers, { name: organizationName })).id;
  const email = `assistant-operator-${tag}@example.com`;
  await createUserIn(request, headers, org, { email, first_name: 'Ophelia', last_name: `Assist${tag}`, role: 'operator' });
  operator = { email, password: PASSWORD, name: `Ophelia Assist${tag}` };
  const workflowId = await activeWorkflow(request, headers, org, `Onboarding ${tag}`);
  const key = await intakeKey(request, headers, org);
  await submit(request, key, workflowId, 'Wanda Waiting');
  await submit(request, key, workflowId, 'Walter Waiting');
  await request.dispose();
});

const panel = (page: Page) => page.getByRole('complementary', { name: AI_MESSAGES.panelTitle });

async function openPanel(page: Page) {
  await page.getByRole('button', { name: AI_MESSAGES.toggle, exact: true }).click();
  await expect(panel(page)).toBeVisible();
}

test('an operator asks the assistant about their review queue, rates the answer and clears the conversation', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openSignedIn(page, operator, '/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const toggle = page.getByRole('button', { name: AI_MESSAGES.toggle, exact: true });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await openPanel(page);
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');

  const p = panel(page);
  expect((await p.boundingBox())!.width).toBe(400);
  await expect(p.getByRole('heading', { name: AI_MESSAGES.panelTitle })).toBeVisible();
  await expect(p.getByText(AI_MESSAGES.online, { exact: true })).toBeVisible();
  await expect(p.getByText(AI_PAGE_HELP.dashboard_overview.welcome)).toBeVisible();
  await expect(p.getByPlaceholder(AI_MESSAGES.inputPlaceholder)).toBeFocused();
  await expect(p.getByText(`Context: Dashboard · Operator · ${organizationName}`)).toBeVisible();

  // A suggestion asks the question; the answer comes from this organization's live data.
  await p.getByRole('button', { name: 'How many applications wait for review?' }).click();
  const reply = p.getByRole('listitem').filter({ hasText: 'Review queue' });
  await expect(reply).toContainText('2 applications wait for a review, none past the deadline');
  await expect(reply.getByRole('heading', { level: 3, name: '1. Review queue' })).toBeVisible();
  await expect(reply.locator('strong', { hasText: '2 applications' })).toBeVisible();
  await expect(reply).toContainText('Dashboard page · the review queue · answered by the built-in assistant');
  await expect(p.getByRole('button', { name: AI_MESSAGES.thinking })).toHaveCount(0);

  // Feedback: once, then 'Feedback submitted' and the toast.
  await reply.getByRole('button', { name: 'Very helpful' }).click();
  await expect(reply.getByText(AI_MESSAGES.feedbackSubmitted)).toBeVisible();
  await expect(reply.getByRole('button', { name: 'Very helpful' })).toHaveCount(0);
  await expect(page.getByText(TOASTS.feedbackSubmitted.message)).toBeVisible();

  // Typing: an empty message is not sent; Enter sends a real one.
  const input = p.getByPlaceholder(AI_MESSAGES.inputPlaceholder);
  await input.fill('   ');
  await expect(p.getByRole('button', { name: 'Send' })).toBeDisabled();
  await input.fill('What can an operator do?');
  await input.press('Enter');
  await expect(p.getByRole('listitem').filter({ hasText: 'What an Operator can do' })).toContainText('execute_workflows');
  await expect(input).toHaveValue('');

  // The session's recent actions (spec §3 shape) are in session storage.
  const actions = await page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? '[]'), STORAGE_KEYS.aiRecentActions);
  expect(actions.length).toBeGreaterThan(0);
  expect(Object.keys(actions.at(-1)).sort()).toEqual(['action', 'context', 'sessionId', 'timestamp']);

  // Clearing empties the conversation; the welcome stays.
  await p.getByRole('button', { name: AI_MESSAGES.clearConversation }).click();
  await expect(p.getByRole('list', { name: 'Conversation' }).getByRole('listitem')).toHaveCount(0);
  await expect(p.getByText(AI_PAGE_HELP.dashboard_overview.welcome)).toBeVisible();

  // Another page: its welcome and suggestions.
  const monitorLink = page.getByRole('link', { name: 'Real-time Monitor' });
  if (!(await monitorLink.isVisible())) await page.getByRole('button', { name: 'Applications', exact: true }).click();
  await monitorLink.click();
  await expect(p.getByText(AI_PAGE_HELP.application_monitoring.welcome)).toBeVisible();
  await expect(p.getByRole('button', { name: AI_PAGE_HELP.application_monitoring.suggestions[1]! })).toBeVisible();

  await p.getByRole('button', { name: AI_MESSAGES.closePanel }).click();
  await expect(panel(page)).toHaveCount(0);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
});

test('a failed call shows the assistant’s apology as an error and the error toast', async ({ page }) => {
  await openSignedIn(page, operator, '/dashboard');
  await page.route('**/api/admin/ai/chat', (route) => route.abort('connectionrefused'));
  await openPanel(page);
  const p = panel(page);
  await p.getByPlaceholder(AI_MESSAGES.inputPlaceholder).fill('How many applications wait for review?');
  await p.getByRole('button', { name: 'Send' }).click();
  await expect(p.getByRole('alert')).toContainText(MESSAGES.aiConnectionTrouble);
  await expect(page.getByText(TOASTS.aiError.title)).toBeVisible();
  await expect(page.getByText(TOASTS.aiError.message)).toBeVisible();
  // No rating is offered for a failed reply.
  await expect(p.getByRole('button', { name: 'Very helpful' })).toHaveCount(0);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the open panel has no serious accessibility problem at 1024 px (${theme})`, async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [STORAGE_KEYS.theme, theme]);
    await openSignedIn(page, operator, '/dashboard');
    await openPanel(page);
    await panel(page).getByRole('button', { name: 'How many applications wait for review?' }).click();
    await expect(panel(page).getByRole('button', { name: 'Very helpful' })).toBeVisible();
    const results = await new AxeBuilder({ page })
      .include('#ai-assistant-panel')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .analyze();
    const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(blocking, blocking.map((v) => `${v.impact} ${v.id}: ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`).join('\n')).toEqual(
      [],
    );
  });
}
