import fs from 'node:fs';
import { defineConfig } from '@playwright/test';
import { E2E_ADMIN, E2E_BASE_URL, E2E_DATA_DIR, E2E_PORT } from './e2e/e2e-env.ts';

/**
 * Browser tests against the real server (built web app + API on one port) in the system Chromium;
 * Playwright never downloads browsers here. `npm run test:e2e` builds the web app first.
 */
/**
 * The browser the tests drive (ADR 0060): Debian's `chromium-headless-shell`, Chromium's own headless build and the one
 * Playwright drives by default, when it is installed (`.ci/run` installs it); else Debian's full `chromium` in its
 * headless mode, which takes about 1.7 times as long here. CHROMIUM_PATH names another.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM = process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Generous for a shared 2-core machine: when CI's machine is busy, a test that takes 12 s here took 30 s there.
  // A wait that never ends still fails; these only bound how long it may take.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // The failures are repeated at the very end (failures-reporter.ts), where CI's kept tail of the log shows them.
  reporter: [[process.env.CI ? 'line' : 'list'], ['./e2e/failures-reporter.ts']],
  outputDir: 'test-results',
  use: {
    baseURL: E2E_BASE_URL,
    browserName: 'chromium',
    headless: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: {
    // process.execPath is the Node that runs Playwright (Node 24 under npm scripts/npx), so TypeScript runs natively.
    command: `"${process.execPath}" e2e/start-server.ts`,
    url: `${E2E_BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      // The address the browser tests use: the MCP panel shows it, e-mailed links lead to it, and it decides whether
      // HSTS is sent. start-server.ts sets SMTP_URL to the SMTP server it starts.
      PUBLIC_URL: E2E_BASE_URL,
      DATA_DIR: E2E_DATA_DIR,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      SEED_DEMO: 'false',
      LOGIN_RATE_LIMIT: '0',
      LOG_LEVEL: 'warn',
      // Browser tests run tools against HTTP servers they start on loopback.
      TOOL_ALLOWED_HOSTS: '127.0.0.1,localhost',
      // Specs that need sign-ins from several network addresses send X-Forwarded-For (the browser sends none).
      TRUST_PROXY: 'true',
      // Parallel local runs build to their own folder (npm run build -w apps/web -- --outDir dist-x) and point here.
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
    },
  },
});
