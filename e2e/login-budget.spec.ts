import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

/** Budget for the JavaScript the login page downloads (gzipped): it is the first screen everyone sees. */
const LOGIN_JS_BUDGET_BYTES = 100 * 1024;

test('the login page loads at most 100 KB of gzipped JavaScript', async ({ page }) => {
  const scripts = new Map<string, Promise<Buffer>>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.set(response.url(), response.body());
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  let total = 0;
  const files: string[] = [];
  for (const [url, body] of scripts) {
    const size = gzipSync(await body, { level: 9 }).length;
    total += size;
    files.push(`${new URL(url).pathname} ${(size / 1024).toFixed(1)} KB`);
  }
  test.info().annotations.push({ type: 'login-js-gzip', description: `${(total / 1024).toFixed(1)} KB: ${files.join(', ')}` });
  console.log(`login page JS (gzip): ${(total / 1024).toFixed(1)} KB in ${files.length} files\n  ${files.join('\n  ')}`);
  expect(scripts.size).toBeGreaterThan(0);
  expect(total).toBeLessThanOrEqual(LOGIN_JS_BUDGET_BYTES);
});
