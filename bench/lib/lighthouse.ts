// Lighthouse for the benchmarks: a Chromium with a DevTools port (stopped by runCleanups), and one run of a page with
// its scores and timings. Used by bench:web (desktop) and bench:apply (mobile).
import { spawn } from 'node:child_process';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROME_FLAGS } from './browser.ts';
import { children, cleanups, freePort, stopChild } from './processes.ts';
import { tempDir, waitFor } from './server.ts';

/** The flags Lighthouse's Chromium runs with: the benchmarks' own, headless. */
export const LIGHTHOUSE_CHROME_FLAGS = ['--headless=new', ...CHROME_FLAGS];

export interface LighthouseScores {
  url: string;
  performance: number | null;
  accessibility: number | null;
  best_practices: number | null;
  first_contentful_paint_ms: number | null;
  largest_contentful_paint_ms: number | null;
  total_blocking_time_ms: number | null;
  cumulative_layout_shift: number | null;
  final_url: string;
  /** Accessibility audits that count and did not pass. */
  accessibility_failures: string[];
}

/** Chromium with a DevTools port, shared by Lighthouse and by Playwright (which may sign in through it); answers the port. */
export async function launchDebuggableChromium(chromium: string): Promise<number> {
  const port = await freePort();
  const profile = tempDir('portal-bench-chrome-');
  const child = spawn(chromium, [...LIGHTHOUSE_CHROME_FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'], {
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

/**
 * Lighthouse on `url` through the Chromium on `port`: the desktop preset, or its default (a mid-range phone on slow
 * 4G, simulated). Storage is kept between runs (a signed-in session stays signed in).
 */
export async function runLighthouse(url: string, port: number, preset: 'desktop' | 'mobile'): Promise<LighthouseScores> {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices'], disableStorageReset: true },
    preset === 'desktop' ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits } = result.lhr;
  const numeric = (id: string) => audits[id]?.numericValue ?? null;
  const counted = new Set((categories.accessibility?.auditRefs ?? []).filter((r) => r.weight > 0).map((r) => r.id));
  return {
    url,
    performance: score(categories.performance?.score),
    accessibility: score(categories.accessibility?.score),
    best_practices: score(categories['best-practices']?.score),
    first_contentful_paint_ms: numeric('first-contentful-paint'),
    largest_contentful_paint_ms: numeric('largest-contentful-paint'),
    total_blocking_time_ms: numeric('total-blocking-time'),
    cumulative_layout_shift: numeric('cumulative-layout-shift'),
    final_url: result.lhr.finalDisplayedUrl,
    accessibility_failures: Object.values(audits)
      .filter((a) => counted.has(a.id) && a.score !== null && a.score < 1)
      .map((a) => a.id),
  };
}
