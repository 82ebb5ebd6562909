// One load of a page in a fresh browser context: when its heading and its data appeared, counted from the navigation's
// start, and optionally every script it downloaded, gzipped. Cold (the context's cache empty), or as a returning
// visitor's (the page loaded before in the same context, so its scripts come from the browser's cache, compiled).
import { gzipSync } from 'node:zlib';
import type { Browser, Request } from '@playwright/test';
import { signedInState } from './browser.ts';
import type { Tokens } from './server.ts';
import type { WebPage } from './web-pages.ts';

export interface ScriptFile {
  path: string;
  bytes: number;
  gzip_bytes: number;
}

export interface PageLoad {
  /** ms from navigation start to the frame that first showed the heading / the data; null = never within the timeout. */
  heading_ms: number | null;
  data_ms: number | null;
  /** Only when asked for: every script downloaded until none had started for SCRIPT_QUIET_MS, largest first. */
  scripts?: ScriptFile[];
}

interface Watch {
  heading: string;
  headingPrefix: boolean;
  data: string | null;
  dataText: string | null;
}

interface Marks {
  heading?: number;
  data?: number;
  done?: boolean;
}

/**
 * Runs in the page before its own scripts: after every DOM change, looks for the heading and the data element (present
 * and rendered: checkVisibility) and records performance.now() in the next animation frame, the frame that paints
 * them. performance.now() counts from the navigation's start.
 */
function watchPage(spec: Watch): void {
  const marks: Marks = {};
  (window as unknown as { __benchMarks: Marks }).__benchMarks = marks;
  const pending = new Set<'heading' | 'data'>(spec.data ? ['heading', 'data'] : ['heading']);
  const pattern = spec.dataText ? new RegExp(spec.dataText) : null;
  const shown = (el: Element) => el.checkVisibility();
  const found = {
    heading: () =>
      [...document.querySelectorAll('h1')].some((h) => {
        const text = (h.textContent ?? '').trim();
        return (spec.headingPrefix ? text.startsWith(spec.heading) : text === spec.heading) && shown(h);
      }),
    data: () => [...document.querySelectorAll(spec.data!)].some((el) => (!pattern || pattern.test(el.textContent ?? '')) && shown(el)),
  };
  const check = () => {
    for (const key of [...pending]) {
      if (!found[key]()) continue;
      pending.delete(key);
      requestAnimationFrame(() => {
        marks[key] = performance.now();
        if (marks.heading !== undefined && (marks.data !== undefined || !spec.data)) marks.done = true;
      });
    }
    if (pending.size === 0) observer.disconnect();
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
}

/** How long no new script may start before the page's JavaScript counts as all downloaded. */
const SCRIPT_QUIET_MS = 1_500;
const TIMEOUT_MS = 30_000;
/** How long a returning visitor's earlier loads stay on the page after its data showed. */
const IDLE_PRELOADS_MS = 1_500;

/**
 * Chromium keeps a script's compiled code in its cache from the script's second load on (V8's code cache): a page
 * loaded this often before is timed as a person who uses the portal every day sees it.
 */
export const RETURNING_LOADS_BEFORE = 2;

/**
 * Loads `page` in a new context (signed in with `tokens` unless it is public) and measures it: the first load, or with
 * `returning` the load after RETURNING_LOADS_BEFORE untimed ones in the same context.
 */
export async function loadPage(
  browser: Browser,
  base: string,
  page: WebPage,
  tokens: Tokens,
  options: { scripts: boolean; returning?: boolean },
): Promise<PageLoad> {
  const context = await browser.newContext(page.public ? {} : { storageState: signedInState(base, tokens) });
  try {
    await context.addInitScript(watchPage, {
      heading: page.heading,
      headingPrefix: page.headingPrefix ?? false,
      data: page.data?.selector ?? null,
      dataText: page.data?.text ?? null,
    });
    const tab = await context.newPage();
    const bodies = new Map<string, Promise<Buffer>>();
    let lastScriptStart = Date.now();
    const pendingScripts = new Set<Request>();
    if (options.scripts) {
      tab.on('request', (request) => {
        if (request.resourceType() !== 'script') return;
        lastScriptStart = Date.now();
        pendingScripts.add(request);
      });
      tab.on('requestfinished', (request) => pendingScripts.delete(request));
      tab.on('requestfailed', (request) => pendingScripts.delete(request));
      tab.on('response', (response) => {
        if (response.request().resourceType() === 'script') bodies.set(response.url(), response.body());
      });
    }
    /** Resolves once the page has shown its heading and its data (watchPage's marks), or fails after TIMEOUT_MS. */
    const marksDone = () =>
      tab.waitForFunction(() => (window as unknown as { __benchMarks?: Marks }).__benchMarks?.done === true, null, { timeout: TIMEOUT_MS, polling: 100 });
    for (let before = 0; options.returning && before < RETURNING_LOADS_BEFORE; before++) {
      await tab.goto(`${base}${page.url}`, { waitUntil: 'commit' });
      await marksDone();
      // Time for the page's own late downloads (the idle-time preloads), as a person would stay on it; not the network's
      // idle state, which the live pages' event streams never reach.
      await tab.waitForTimeout(IDLE_PRELOADS_MS);
      await tab.goto('about:blank');
    }
    await tab.goto(`${base}${page.url}`, { waitUntil: 'commit' });
    let timedOut = false;
    await marksDone().catch(() => {
      timedOut = true;
    });
    const marks = await tab.evaluate(() => (window as unknown as { __benchMarks?: Marks }).__benchMarks ?? {});
    const landed = new URL(tab.url());
    if (`${landed.pathname}${landed.search}` !== page.url) throw new Error(`${page.url} ended on ${tab.url()}`);
    if (timedOut) process.stderr.write(`${page.url}: ${marks.heading === undefined ? 'heading' : 'data'} not shown within ${TIMEOUT_MS / 1000} s\n`);
    const load: PageLoad = { heading_ms: marks.heading ?? null, data_ms: page.data ? (marks.data ?? null) : null };
    if (options.scripts) {
      const deadline = Date.now() + TIMEOUT_MS;
      while ((pendingScripts.size > 0 || Date.now() - lastScriptStart < SCRIPT_QUIET_MS) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      const files: ScriptFile[] = [];
      for (const [url, body] of bodies) {
        const raw = await body;
        files.push({ path: new URL(url).pathname, bytes: raw.length, gzip_bytes: gzipSync(raw, { level: 9 }).length });
      }
      load.scripts = files.sort((a, b) => b.gzip_bytes - a.gzip_bytes);
    }
    return load;
  } finally {
    await context.close();
  }
}
