// Web budget benchmark: the JavaScript /login and /dashboard download (gzipped) and a Lighthouse run of both,
// against the real server serving the built web app. Run with `npm run bench:web` (see bench/README.md).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { storeTokens } from './lib/browser.ts';
import { children, cleanUpOnExit, cleanups, freePort, runCleanups, stopChild } from './lib/processes.ts';
import { ROOT, serverEnv, signIn as signInAs, startServer, tempDir, waitFor, type Tokens } from './lib/server.ts';

const ADMIN_EMAIL = 'bench.admin@bench.example';
const ADMIN_PASSWORD = 'Bench-Admin-Password-42';
/** DESIGN §9: the login route loads at most 150 KB of JavaScript, gzipped. */
const LOGIN_BUDGET_BYTES = 150 * 1024;
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const { values: args } = parseArgs({
  options: {
    'web-dist': { type: 'string', default: 'apps/web/dist' },
    chromium: { type: 'string', default: process.env.CHROME_PATH || '/usr/bin/chromium' },
    preset: { type: 'string', default: 'desktop' },
    'skip-lighthouse': { type: 'boolean', default: false },
  },
});
const WEB_DIST = path.resolve(ROOT, args['web-dist']);
const CHROMIUM = args.chromium;
const PRESET = args.preset === 'mobile' ? 'mobile' : 'desktop';

// ---------------------------------------------------------------- cleanup, even on failure or Ctrl-C

cleanUpOnExit('stopping the server and the browser');

// ---------------------------------------------------------------- helpers

const log = (message: string) => process.stdout.write(`${message}\n`);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function ensureBuilt() {
  if (fs.existsSync(path.join(WEB_DIST, 'index.html'))) return;
  if (path.relative(ROOT, WEB_DIST) !== path.join('apps', 'web', 'dist')) throw new Error(`${WEB_DIST} has no index.html: build it first`);
  log('apps/web/dist is missing: running npm run build');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const built = spawnSync(npm, ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('npm run build failed');
}

/** The server on `port`, serving WEB_DIST, on a fresh PGlite data dir. */
async function startWebServer(port: number): Promise<void> {
  const env = serverEnv({ port, dataDir: tempDir('portal-bench-web-'), adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD, extra: { WEB_DIST } });
  await startServer(env, port);
}

const signIn = (base: string) => signInAs(base, ADMIN_EMAIL, ADMIN_PASSWORD);


// ---------------------------------------------------------------- JavaScript downloaded per page

interface ScriptFile {
  path: string;
  bytes: number;
  gzip_bytes: number;
}

interface PageScripts {
  page: string;
  files: ScriptFile[];
  bytes: number;
  gzip_bytes: number;
}

/** Every script the page downloads until the network is idle, each gzipped (level 9) as a server would send it. */
async function measureScripts(browser: Browser, base: string, route: string, tokens: Tokens | null, ready: string): Promise<PageScripts> {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (tokens) {
    await page.goto(`${base}/login`);
    await storeTokens(page, tokens);
  }
  const bodies = new Map<string, Promise<Buffer>>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') bodies.set(response.url(), response.body());
  });
  await page.goto(`${base}${route}`);
  await page.getByRole('heading', { name: ready, level: 1 }).waitFor();
  await page.waitForLoadState('networkidle');
  if (new URL(page.url()).pathname !== route) throw new Error(`${route} ended on ${page.url()}`);
  const files: ScriptFile[] = [];
  for (const [url, body] of bodies) {
    const raw = await body;
    files.push({ path: new URL(url).pathname, bytes: raw.length, gzip_bytes: gzipSync(raw, { level: 9 }).length });
  }
  await context.close();
  files.sort((a, b) => b.gzip_bytes - a.gzip_bytes);
  return {
    page: route,
    files,
    bytes: files.reduce((sum, f) => sum + f.bytes, 0),
    gzip_bytes: files.reduce((sum, f) => sum + f.gzip_bytes, 0),
  };
}

// ---------------------------------------------------------------- Lighthouse

interface LighthouseScores {
  page: string;
  performance: number | null;
  accessibility: number | null;
  best_practices: number | null;
  first_contentful_paint_ms: number | null;
  largest_contentful_paint_ms: number | null;
  total_blocking_time_ms: number | null;
  cumulative_layout_shift: number | null;
  final_url: string;
}

/** Chromium with a DevTools port, shared by Lighthouse and by Playwright (which signs in through it). */
async function launchDebuggableChromium(): Promise<number> {
  const port = await freePort();
  const profile = tempDir('portal-bench-chrome-');
  const child = spawn(CHROMIUM, [...CHROME_FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.add(child);
  cleanups.push(() => stopChild(child));
  let output = '';
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  await waitFor(`http://127.0.0.1:${port}/json/version`, 'chromium', child, () => output);
  return port;
}

const score = (value: number | null | undefined) => (typeof value === 'number' ? Math.round(value * 100) : null);

async function runLighthouse(url: string, port: number): Promise<LighthouseScores> {
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      // Keeps the signed-in tokens in localStorage between runs.
      disableStorageReset: true,
    },
    PRESET === 'desktop' ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits } = result.lhr;
  const numeric = (id: string) => audits[id]?.numericValue ?? null;
  return {
    page: new URL(url).pathname,
    performance: score(categories.performance?.score),
    accessibility: score(categories.accessibility?.score),
    best_practices: score(categories['best-practices']?.score),
    first_contentful_paint_ms: numeric('first-contentful-paint'),
    largest_contentful_paint_ms: numeric('largest-contentful-paint'),
    total_blocking_time_ms: numeric('total-blocking-time'),
    cumulative_layout_shift: numeric('cumulative-layout-shift'),
    final_url: result.lhr.finalDisplayedUrl,
  };
}

async function lighthouseBoth(base: string, tokens: Tokens): Promise<LighthouseScores[]> {
  const port = await launchDebuggableChromium();
  // /login first, signed out (signed in, /login forwards to the dashboard).
  const login = await runLighthouse(`${base}/login`, port);
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const page = await browser.contexts()[0]!.newPage();
  await page.goto(`${base}/login`);
  await storeTokens(page, tokens);
  await page.close();
  await browser.close();
  const dashboard = await runLighthouse(`${base}/dashboard`, port);
  if (new URL(dashboard.final_url).pathname !== '/dashboard') throw new Error(`Lighthouse's /dashboard ended on ${dashboard.final_url}`);
  return [login, dashboard];
}

// ---------------------------------------------------------------- main

async function main() {
  ensureBuilt();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  log(`web build: ${path.relative(ROOT, WEB_DIST)}`);
  log(`starting the server on ${base}`);
  await startWebServer(port);

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.filter((f) => f !== '--headless=new') });
  cleanups.push(() => browser.close());
  const loginScripts = await measureScripts(browser, base, '/login', null, 'Admin Portal');
  const dashboardScripts = await measureScripts(browser, base, '/dashboard', await signIn(base), 'Dashboard');
  await browser.close();

  log('\nJavaScript downloaded (gzip level 9)');
  for (const scripts of [loginScripts, dashboardScripts]) {
    log(`  ${scripts.page.padEnd(11)} ${kb(scripts.gzip_bytes).padStart(9)} gzipped  (${kb(scripts.bytes)} raw, ${scripts.files.length} files)`);
    for (const file of scripts.files) log(`      ${kb(file.gzip_bytes).padStart(9)}  ${file.path}`);
  }
  const withinBudget = loginScripts.gzip_bytes <= LOGIN_BUDGET_BYTES;
  log(`  /login budget ${kb(LOGIN_BUDGET_BYTES)}: ${withinBudget ? 'within budget' : 'OVER BUDGET'}`);

  let scores: LighthouseScores[] = [];
  if (!args['skip-lighthouse']) {
    log(`\nLighthouse (${PRESET} preset, ${CHROMIUM})`);
    scores = await lighthouseBoth(base, await signIn(base));
    log('  page         performance  accessibility  best practices   FCP ms   LCP ms   TBT ms    CLS');
    for (const s of scores) {
      const num = (v: number | null, digits = 0) => (v === null ? '—' : v.toFixed(digits));
      log(
        `  ${s.page.padEnd(12)} ${num(s.performance).padStart(11)}  ${num(s.accessibility).padStart(13)}  ${num(s.best_practices).padStart(14)}  ` +
          `${num(s.first_contentful_paint_ms).padStart(7)}  ${num(s.largest_contentful_paint_ms).padStart(7)}  ${num(s.total_blocking_time_ms).padStart(7)}  ${num(s.cumulative_layout_shift, 3).padStart(5)}`,
      );
    }
  }

  const resultsDir = path.join(ROOT, 'bench', 'results');
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `web-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  const report = {
    benchmark: 'web',
    at: new Date().toISOString(),
    machine: { cpus: os.cpus().length, cpu_model: os.cpus()[0]?.model, memory_gb: Math.round(os.totalmem() / 2 ** 30), node: process.version },
    web_dist: path.relative(ROOT, WEB_DIST),
    login_budget_bytes: LOGIN_BUDGET_BYTES,
    login_within_budget: withinBudget,
    scripts: [loginScripts, dashboardScripts],
    lighthouse: { preset: PRESET, chromium: CHROMIUM, flags: CHROME_FLAGS, results: scores },
  };
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  log(`\nwrote ${path.relative(ROOT, file)}`);
  if (!withinBudget) process.exitCode = 1;
}

try {
  await main();
} catch (err) {
  process.stderr.write(`bench:web failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exitCode = 1;
} finally {
  await runCleanups();
}
