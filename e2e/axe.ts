import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * The accessibility bar of DESIGN §9: an axe-core scan of the page as it is, with no serious or critical violation.
 * Taken once every finite transition has ended (a tab's or a panel's fade): mid-fade, text is drawn part-transparent
 * and its contrast is that of no screen a person looks at.
 */
export async function scan(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity));
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = blocking.map((v) => `${v.impact} ${v.id}: ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`);
  return { blocking, report: report.join('\n') };
}

/** Waits until the page has rendered its content (heading shown, requests settled, no spinner left). */
export async function settle(page: Page, live = false) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  if (live) await expect(page.getByTestId('live-status')).toHaveText('Live');
  else await page.waitForLoadState('networkidle');
  await expect(page.getByRole('progressbar', { name: 'Loading page' })).toHaveCount(0);
}
