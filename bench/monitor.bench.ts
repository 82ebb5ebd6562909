// Real-time Monitor benchmark: event → row on screen in headless Chromium at 100 and 1,000 application events per
// second, on PGlite and on PostgreSQL. Real cases go in through the public intake API and the runtime moves them
// through a workflow of pure steps; the page follows the event stream as a person would. Per rate it prints event →
// screen p50/p95/max, events and cases dropped, and the page's longest frame, next to the targets.
// Run with `npm run bench:monitor` (see bench/README.md). It prints figures next to their targets; it never fails on speed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import { CHROME_FLAGS, storeTokens } from './lib/browser.ts';
import { createDb } from '../apps/server/src/db/client.ts';
import { cleanUpOnExit, cleanups, freePort, runCleanups, stopChild } from './lib/processes.ts';
import { call, ROOT, serverEnv, signIn, startServer, tempDir, temporaryDatabase, type Tokens } from './lib/server.ts';

const ADMIN_EMAIL = 'bench.monitor@bench.example';
const ADMIN_PASSWORD = 'Bench-Monitor-Password-42';
const VIEWPORT = { width: 1600, height: 1000 };
/** The issue's targets, at 1,000 events per second. */
const TARGET_RATE = 1000;
const TARGET_P95_MS = 250;
const TARGET_FRAME_MS = 100;
/** With --profile: seconds of Chromium trace, at the end of the sending. */
const TRACE_S = 10;

const { values: args } = parseArgs({
  options: {
    only: { type: 'string', default: 'pglite,postgres' },
    rates: { type: 'string', default: '100,1000' },
    duration: { type: 'string', default: '20' },
    conditions: { type: 'string', default: '4' },
    warmup: { type: 'string', default: '3' },
    concurrency: { type: 'string', default: '8' },
    profile: { type: 'boolean', default: false },
    build: { type: 'boolean', default: false },
    'web-dist': { type: 'string', default: 'apps/web/dist' },
    chromium: { type: 'string', default: process.env.CHROME_PATH || '/usr/bin/chromium' },
    'pg-url': { type: 'string', default: process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
type Backend = 'pglite' | 'postgres';
const BACKENDS = args.only.split(',').map((s) => s.trim()) as Backend[];
const RATES = args.rates.split(',').map((s) => Number(s.trim()));
const DURATION_S = Number(args.duration);
const CONDITIONS = Number(args.conditions);
const WARMUP_S = Number(args.warmup);
const CHROMIUM = args.chromium;
if (BACKENDS.some((b) => b !== 'pglite' && b !== 'postgres')) throw new Error(`--only takes pglite and/or postgres, got ${args.only}`);
if (RATES.some((r) => !(r > 0))) throw new Error(`--rates must be events per second, got ${args.rates}`);
if (!(DURATION_S > 0)) throw new Error(`--duration must be seconds, got ${args.duration}`);
if (!Number.isInteger(CONDITIONS) || CONDITIONS < 1 || CONDITIONS > 50) throw new Error(`--conditions must be 1 to 50, got ${args.conditions}`);

cleanUpOnExit('stopping the server and the browser, dropping the database');

// ---------------------------------------------------------------- helpers

const log = (message = '') => process.stdout.write(`${message}\n`);
const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Wall-clock milliseconds with sub-millisecond resolution (the same clock as the page's timeOrigin + now and the database's now()). */
const epochNow = () => performance.timeOrigin + performance.now();

function percentile(values: readonly number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}
/** Largest and smallest of many values (a spread of a long array would overflow the call stack). */
const maxOf = (values: readonly number[]) => values.reduce((m, v) => (v > m ? v : m), -Infinity);
const minOf = (values: readonly number[]) => values.reduce((m, v) => (v < m ? v : m), Infinity);
const fmt = (n: number | null | undefined, digits = 0) => (n === null || n === undefined || Number.isNaN(n) ? '—' : round(n, digits).toLocaleString('en'));

/** Newest modification time of the web app's and the contract's source files. */
function newestSource(): number {
  let newest = 0;
  for (const dir of ['apps/web/src', 'packages/contract/src']) {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })) {
      if (entry.isFile()) newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  return newest;
}

/**
 * The built web app to serve. With --build the current sources are built into a temporary folder (apps/web/dist is
 * left alone: another run, e.g. the browser tests, may be serving it); otherwise --web-dist, built first when missing.
 */
function webDist(): string {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  if (args.build) {
    const out = tempDir('portal-bench-monitor-web-');
    log(`building the web app into ${out}`);
    const built = spawnSync(npm, ['run', 'build', '-w', 'apps/web', '--', '--outDir', out, '--emptyOutDir'], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (built.status !== 0) throw new Error('building the web app failed');
    return out;
  }
  const dist = path.resolve(ROOT, args['web-dist']);
  const index = path.join(dist, 'index.html');
  if (fs.existsSync(index)) {
    if (newestSource() > fs.statSync(index).mtimeMs)
      log(`note: ${path.relative(ROOT, dist)} is older than some sources; run with --build to measure the current code`);
    return dist;
  }
  if (path.relative(ROOT, dist) !== path.join('apps', 'web', 'dist')) throw new Error(`${dist} has no index.html: build it first`);
  log('apps/web/dist is missing: running npm run build');
  const built = spawnSync(npm, ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('npm run build failed');
  return dist;
}

// ---------------------------------------------------------------- the workflow and the cases

const step = (id: string, type: string, name: string, config: Record<string, unknown>, x: number) => ({ id, type, name, config, position: { x, y: 0 } });

/**
 * start → `CONDITIONS` conditions → end: every step runs inside the runtime without waiting for anyone, so each case
 * goes from intake to completed in a few transitions, each with its events (and NOTIFY).
 */
function pureGraph() {
  const steps = [step('start', 'start', 'Received', { trigger: 'api', required_fields: ['amount'] }, 0)];
  const connections: { source: string; target: string; condition: string | null }[] = [];
  let previous = 'start';
  for (let i = 1; i <= CONDITIONS; i += 1) {
    const id = `check${i}`;
    steps.push(
      step(id, 'condition', `Check ${i}`, { branches: [{ id: 'pass', label: 'Pass', expression: `data.amount >= ${i * 10}` }], otherwise: true }, i * 280),
    );
    connections.push({ source: previous, target: id, condition: previous === 'start' ? null : 'pass' });
    if (previous !== 'start') connections.push({ source: previous, target: id, condition: 'otherwise' });
    previous = id;
  }
  steps.push(step('done', 'end', 'Done', { outcome: 'approved' }, (CONDITIONS + 1) * 280));
  connections.push({ source: previous, target: 'done', condition: 'pass' }, { source: previous, target: 'done', condition: 'otherwise' });
  return { steps, connections };
}

async function createWorkflow(base: string, token: string, name: string): Promise<string> {
  return (await call<{ id: string }>(base, 'POST', '/api/admin/workflows/complete', token, { name, status: 'active', graph: pureGraph() })).id;
}

interface Sent {
  /** The case's id (from the 201 answer). */
  id: string;
  /** Wall-clock ms when the request was sent. */
  sent: number;
}

/**
 * Posts cases to the public intake API at `perSecond` (open loop: case n is due at start + n / perSecond, whether or not
 * earlier requests have been answered; at most 64 in flight) for `seconds`. Answers what was accepted and what failed.
 */
async function sendCases(
  base: string,
  key: string,
  workflowId: string,
  perSecond: number,
  seconds: number,
  tag: string,
): Promise<{ sent: Sent[]; failed: number; seconds: number }> {
  const total = Math.max(1, Math.round(perSecond * seconds));
  const sent: Sent[] = [];
  let failed = 0;
  let inFlight = 0;
  const pending = new Set<Promise<void>>();
  const started = performance.now();
  for (let n = 0; n < total; n += 1) {
    const due = started + (n * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    while (inFlight >= 64) await Promise.race(pending);
    inFlight += 1;
    const at = epochNow();
    const p = fetch(`${base}/api/public/v1/applications`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        workflow_id: workflowId,
        applicant: { name: `Bench ${tag} ${n}`, email: `bench.${tag}.${n}@example.com` },
        data: { amount: (n * 37) % 100 },
      }),
    })
      .then(async (res) => {
        const text = await res.text();
        if (res.status === 201) sent.push({ id: (JSON.parse(text) as { id: string }).id, sent: at });
        else failed += 1;
      })
      .catch(() => {
        failed += 1;
      })
      .finally(() => {
        inFlight -= 1;
        pending.delete(p);
      });
    pending.add(p);
  }
  await Promise.all(pending);
  return { sent, failed, seconds: (performance.now() - started) / 1000 };
}

async function caseTotals(base: string, token: string, workflowId: string): Promise<{ completed: number; failed: number }> {
  // The counters count exactly (the list's total stops at 1,000); "today" from 1970 is every completed case.
  const counts = await call<{ completed_today: number; failed: number }>(
    base,
    'GET',
    `/api/admin/applications/counts?workflow_id=${workflowId}&today_from=1970-01-01T00:00:00Z`,
    token,
  );
  return { completed: counts.completed_today, failed: counts.failed };
}

// ---------------------------------------------------------------- CPU per process (Linux /proc)

/** CPU seconds used so far by every process: pid → parent, command line kind and user + system time. */
function cpuSnapshot(): Map<number, { ppid: number; comm: string; renderer: boolean; seconds: number }> {
  const snapshot = new Map<number, { ppid: number; comm: string; renderer: boolean; seconds: number }>();
  if (!fs.existsSync('/proc')) return snapshot;
  const pids = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const fields = stat.slice(close + 2).split(' ');
      // After "(comm)": state ppid … utime (14th field of the line) stime (15th).
      const seconds = (Number(fields[11]) + Number(fields[12])) / 100;
      const renderer = comm.startsWith('chrom') && fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer');
      snapshot.set(Number(pid), { ppid: Number(fields[1]), comm, renderer, seconds });
    } catch {
      // the process ended meanwhile
    }
  }
  return snapshot;
}

/**
 * Share of one core each part used between two snapshots: the page's Chromium (its renderers apart), the server, the
 * PostgreSQL server, this process (the sender, Playwright) and everything else on the machine.
 */
function cpuShares(
  before: ReturnType<typeof cpuSnapshot>,
  after: ReturnType<typeof cpuSnapshot>,
  seconds: number,
  serverPid: number | undefined,
): Record<string, number> {
  const under = (pid: number, root: number | undefined) => {
    for (let p: number | undefined = pid, hops = 0; p && hops < 20; p = after.get(p)?.ppid, hops += 1) if (p === root) return true;
    return false;
  };
  const chromiumRoot = [...after.entries()].find(([, v]) => v.ppid === process.pid && v.comm.startsWith('chrom'))?.[0];
  const shares: Record<string, number> = { page_renderer: 0, chromium_other: 0, server: 0, postgresql: 0, bench: 0, other: 0 };
  for (const [pid, now] of after) {
    const used = now.seconds - (before.get(pid)?.seconds ?? 0);
    if (used <= 0) continue;
    let part = 'other';
    if (pid === process.pid) part = 'bench';
    else if (serverPid !== undefined && under(pid, serverPid)) part = 'server';
    else if (chromiumRoot !== undefined && under(pid, chromiumRoot)) part = now.renderer ? 'page_renderer' : 'chromium_other';
    else if (now.comm === 'postgres') part = 'postgresql';
    shares[part]! += used;
  }
  for (const k of Object.keys(shares)) shares[k] = round((shares[k]! / seconds) * 100);
  return shares;
}

// ---------------------------------------------------------------- in the page

interface Commit {
  /** A DOM change the page made (ms since the page's timeOrigin): the mutation observer's callback after React's commit. */
  t: number;
  /** The first task after the frame that drew it (ms since timeOrigin): when it was on screen. */
  paint: number | null;
  /** The live badge's data-applied after this change: events applied since the page opened. */
  applied: number;
}

interface RowSeen {
  id: string;
  status: string;
  step: string;
  /** Index in `commits`. */
  commit: number;
}

interface Loaf {
  start: number;
  duration: number;
  blocking: number;
  render_start: number;
  style_layout_start: number;
  scripts: { invoker: string; source: string; duration: number; forced_layout: number }[];
}

interface MonitorProbe {
  commits: Commit[];
  rows: RowSeen[];
  /** requestAnimationFrame timestamps. */
  frames: number[];
  loaf: Loaf[];
  longtasks: { start: number; duration: number }[];
  /** ms since timeOrigin when the measured window began, and the applied count then. */
  from: number;
  appliedFrom: number;
}

/**
 * Runs before the app's scripts on /applications. Watches the document with a MutationObserver: each callback after a
 * change to the live badge's data-applied or to a table row (a row added, its data-status or its text) records a
 * commit with the applied count, and every row `tr[data-application-id]` in the DOM whose status or step changed. A
 * requestAnimationFrame loop (registered first in every frame) timestamps frames and posts a message that runs once the
 * frame is drawn: the commits made before it (or during its callbacks) get that time as `paint`. Long animation frames
 * and long tasks are recorded too.
 */
function installMonitorProbe() {
  if (location.pathname !== '/applications') return;
  const probe: MonitorProbe = { commits: [], rows: [], frames: [], loaf: [], longtasks: [], from: 0, appliedFrom: 0 };
  (window as unknown as { __monitorBench: MonitorProbe }).__monitorBench = probe;
  const lastRow = new Map<string, string>();
  let lastApplied = -1;
  let waitingForFrame: number[] = [];
  let inFrame: number[] = [];
  let frameOpen = false;
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    const t = performance.now();
    for (const i of inFrame) probe.commits[i]!.paint = t;
    inFrame = [];
    frameOpen = false;
  };
  const frame = (ts: number) => {
    probe.frames.push(ts);
    frameOpen = true;
    inFrame.push(...waitingForFrame);
    waitingForFrame = [];
    channel.port2.postMessage(null);
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);

  const observer = new MutationObserver(() => {
    const t = performance.now();
    const badge = document.querySelector('[data-testid="live-status"]');
    const applied = badge ? Number(badge.getAttribute('data-applied') ?? NaN) : NaN;
    const seen: RowSeen[] = [];
    for (const tr of document.querySelectorAll<HTMLTableRowElement>('tr[data-application-id]')) {
      const id = tr.dataset.applicationId!;
      const status = tr.dataset.status ?? '';
      // Columns: applicant, workflow, current step, status…
      const stepText = tr.cells[2]?.textContent ?? '';
      const key = `${status}|${stepText}`;
      if (lastRow.get(id) === key) continue;
      lastRow.set(id, key);
      seen.push({ id, status, step: stepText, commit: probe.commits.length });
    }
    if (seen.length === 0 && applied === lastApplied) return;
    lastApplied = applied;
    const index = probe.commits.push({ t, paint: null, applied }) - 1;
    probe.rows.push(...seen);
    (frameOpen ? inFrame : waitingForFrame).push(index);
  });
  const start = () =>
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['data-applied', 'data-status'],
    });
  if (document.body) start();
  else document.addEventListener('DOMContentLoaded', start, { once: true });

  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & {
        blockingDuration: number;
        renderStart: number;
        styleAndLayoutStart: number;
        scripts: { invoker: string; sourceURL: string; sourceFunctionName: string; duration: number; forcedStyleAndLayoutDuration: number }[];
      })[]) {
        probe.loaf.push({
          start: e.startTime,
          duration: e.duration,
          blocking: e.blockingDuration,
          render_start: e.renderStart,
          style_layout_start: e.styleAndLayoutStart,
          scripts: e.scripts.map((s) => ({
            invoker: s.invoker,
            source: `${s.sourceFunctionName || '(anonymous)'} ${s.sourceURL.split('/').pop() ?? ''}`,
            duration: s.duration,
            forced_layout: s.forcedStyleAndLayoutDuration,
          })),
        });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {
    // no Long Animation Frames API
  }
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) probe.longtasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // no long task timing
  }
}

/** The measured window starts now: what came before (loading the page) is dropped from the probe. */
async function startWindow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const probe = (window as unknown as { __monitorBench: MonitorProbe }).__monitorBench;
    probe.from = performance.now();
    probe.appliedFrom = Number(document.querySelector('[data-testid="live-status"]')?.getAttribute('data-applied') ?? 0);
    probe.frames = [];
    probe.loaf = [];
    probe.longtasks = [];
    return probe.appliedFrom;
  });
}

const appliedNow = (page: Page) => page.evaluate(() => Number(document.querySelector('[data-testid="live-status"]')?.getAttribute('data-applied') ?? NaN));

/**
 * Every case row the table holds, found by scrolling the page from top to bottom (only the rows in view are in the
 * DOM; the table scrolls with the page, or with a box of its own in builds before it did): id → data-status.
 */
async function rowsInTable(page: Page): Promise<Map<string, string>> {
  const found = await page.evaluate(async () => {
    const frames = (n: number) =>
      new Promise<void>((resolve) => {
        const next = (left: number) => (left === 0 ? setTimeout(resolve, 0) : requestAnimationFrame(() => next(left - 1)));
        next(n);
      });
    const first = document.querySelector('tr[data-application-id]');
    let box = first?.parentElement ?? null;
    while (box && !/(auto|scroll)/.test(getComputedStyle(box).overflowY)) box = box.parentElement;
    box ??= document.scrollingElement as HTMLElement | null;
    const seen: Record<string, string> = {};
    if (!box) return seen;
    // At once: the page scrolls smoothly by default, and a scroll still under way would end the walk early.
    const scrollTo = (top: number) => box.scrollTo({ top, behavior: 'instant' });
    scrollTo(0);
    await frames(2);
    for (;;) {
      for (const tr of box.querySelectorAll<HTMLTableRowElement>('tr[data-application-id]')) seen[tr.dataset.applicationId!] = tr.dataset.status ?? '';
      const before = box.scrollTop;
      scrollTo(before + Math.max(100, Math.min(box.clientHeight, window.innerHeight) * 0.8));
      await frames(2);
      if (box.scrollTop === before) break;
    }
    scrollTo(0);
    return seen;
  });
  return new Map(Object.entries(found));
}

/** A new tab on /applications, signed in, with the stream live and the first page of the list drawn. */
async function openMonitor(context: BrowserContext, base: string): Promise<{ page: Page; timeOrigin: number }> {
  const page = await context.newPage();
  await page.goto(`${base}/applications`);
  await page.waitForFunction(() => document.querySelector('[data-testid="live-status"]')?.textContent?.trim() === 'Live', null, {
    timeout: 60_000,
    polling: 100,
  });
  // The list's first page has loaded (rows or the empty state), so what follows is the stream's work.
  await page.waitForFunction(() => !document.querySelector('table[aria-busy="true"]'), null, { timeout: 60_000, polling: 100 });
  await sleep(500);
  const timeOrigin = await page.evaluate(() => performance.timeOrigin);
  return { page, timeOrigin };
}

// ---------------------------------------------------------------- optional CPU profile (--profile)

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

/** Self time by script file (and the top functions) from a V8 CPU profile of the page. */
function summariseProfile(profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }) {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i += 1) self.set(profile.samples[i]!, (self.get(profile.samples[i]!) ?? 0) + (profile.timeDeltas[i] ?? 0));
  const byFile = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  for (const [id, us] of self) {
    const f = byNode.get(id)!.callFrame;
    total += us;
    const file = f.url ? (f.url.split('/').pop() ?? f.url) : f.functionName; // (program), (garbage collector), (idle)
    byFile.set(file, (byFile.get(file) ?? 0) + us);
    const fn = `${f.functionName || '(anonymous)'} ${file}${f.url ? `:${f.lineNumber + 1}:${f.columnNumber + 1}` : ''}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, us]) => ({ name, self_ms: round(us / 1000, 1), share: round((us / total) * 100, 1) }));
  return { total_ms: round(total / 1000), files: top(byFile, 12), functions: top(byFunction, 20) };
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's CPU time in the event, µs. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

interface TraceSummary {
  /** Main-thread self time by event name: wall time and the thread's CPU time. */
  self: { name: string; self_ms: number; cpu_ms: number }[];
  /** The longest main-thread tasks: wall time and CPU time (a task that waited for a core has far less CPU than wall). */
  longest_tasks: { wall_ms: number; cpu_ms: number }[];
}

/** Main-thread self time by trace event name (JavaScript, style, layout, paint, GC…), largest first, as bench:builder does; with CPU time. */
function summariseTrace(file: string): TraceSummary {
  const { traceEvents } = JSON.parse(fs.readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] };
  const main = traceEvents.find(
    (e) =>
      e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && traceEvents.some((x) => x.pid === e.pid && x.name === 'FunctionCall'),
  );
  if (!main) return { self: [], longest_tasks: [] };
  const events = traceEvents
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && typeof e.dur === 'number')
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const self = new Map<string, { wall: number; cpu: number }>();
  const tasks: { wall_ms: number; cpu_ms: number }[] = [];
  const stack: { end: number; name: string; children: number; childCpu: number; dur: number; cpu: number }[] = [];
  const close = (until: number) => {
    while (stack.length && stack.at(-1)!.end <= until) {
      const done = stack.pop()!;
      const sum = self.get(done.name) ?? { wall: 0, cpu: 0 };
      sum.wall += done.dur - done.children;
      sum.cpu += done.cpu - done.childCpu;
      self.set(done.name, sum);
      if (stack.length) {
        stack.at(-1)!.children += done.dur;
        stack.at(-1)!.childCpu += done.cpu;
      } else tasks.push({ wall_ms: round(done.dur / 1000, 1), cpu_ms: round(done.cpu / 1000, 1) });
    }
  };
  for (const e of events) {
    close(e.ts);
    stack.push({ end: e.ts + e.dur!, name: e.name, children: 0, childCpu: 0, dur: e.dur!, cpu: e.tdur ?? e.dur! });
  }
  close(Infinity);
  return {
    self: [...self.entries()]
      .map(([name, t]) => ({ name, self_ms: round(t.wall / 1000, 1), cpu_ms: round(t.cpu / 1000, 1) }))
      .filter((e) => e.name !== 'RunTask' && e.name !== 'ThreadControllerImpl::RunTask')
      .sort((a, b) => b.cpu_ms - a.cpu_ms)
      .slice(0, 14),
    longest_tasks: tasks.sort((a, b) => b.wall_ms - a.wall_ms).slice(0, 8),
  };
}

// ---------------------------------------------------------------- one rate on one backend

interface PhaseRun {
  rate: number;
  workflowId: string;
  casesPerSecond: number;
  sent: Sent[];
  failedPosts: number;
  sendSeconds: number;
  timeOrigin: number;
  appliedFrom: number;
  appliedEnd: number;
  probe: MonitorProbe;
  finalRows: Map<string, string>;
  profile?: ReturnType<typeof summariseProfile> & { file: string; trace: TraceSummary; trace_file: string };
  drainTimedOut: boolean;
  clockSkew: { page_ms: number; bench_ms: number };
  /** % of one core per part of the machine over the phase. */
  cpu: Record<string, number>;
}

async function runPhase(
  browser: Browser,
  context: BrowserContext,
  base: string,
  tokens: Tokens,
  key: string,
  backend: Backend,
  rate: number,
  eventsPerCase: number,
  resultsDir: string,
  stamp: string,
  serverPid: number | undefined,
): Promise<PhaseRun> {
  const workflowId = await createWorkflow(base, tokens.access_token, `Bench monitor ${rate} events/s`);
  const casesPerSecond = rate / eventsPerCase;
  const { page, timeOrigin } = await openMonitor(context, base);
  const profiling = args.profile && rate === Math.max(...RATES);
  let cdp: CDPSession | null = null;
  const traceFile = path.join(resultsDir, `monitor-trace-${backend}-${rate}-${stamp}.json`);
  let tracing: Promise<void> = Promise.resolve();
  if (profiling) {
    // The trace covers the last TRACE_S seconds of sending, when the table holds the most cases (a trace of a long run would be too big to read).
    tracing = sleep(Math.max(0, DURATION_S - TRACE_S) * 1000).then(() =>
      browser.startTracing(page, {
        path: traceFile,
        categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing'],
      }),
    );
    cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
    await cdp.send('Profiler.start');
  }
  const appliedFrom = await startWindow(page);
  const cpuBefore = cpuSnapshot();
  const cpuStarted = performance.now();
  const tag = `${backend}-${rate}`;
  log(`  ${String(rate).padStart(5)} events/s: ${round(casesPerSecond, 1)} cases/s × ${eventsPerCase} events for ${DURATION_S} s…`);
  const { sent, failed, seconds } = await sendCases(base, key, workflowId, casesPerSecond, DURATION_S, tag);
  await tracing;
  if (profiling) await browser.stopTracing();
  // Wait until the runtime has finished every case and the page has applied every event (or stops moving).
  const expected = sent.length * eventsPerCase;
  let last = -1;
  let still = performance.now();
  let drainTimedOut = false;
  for (;;) {
    const totals = await caseTotals(base, tokens.access_token, workflowId);
    const applied = (await appliedNow(page)) - appliedFrom;
    if (totals.completed + totals.failed >= sent.length && applied >= expected) break;
    if (applied !== last) {
      last = applied;
      still = performance.now();
    } else if (totals.completed + totals.failed >= sent.length && performance.now() - still > 10_000) {
      drainTimedOut = true;
      break;
    }
    if (performance.now() - still > 120_000) {
      drainTimedOut = true;
      break;
    }
    await sleep(250);
  }
  await sleep(500);
  const cpu = cpuShares(cpuBefore, cpuSnapshot(), (performance.now() - cpuStarted) / 1000, serverPid);
  let profile: PhaseRun['profile'];
  if (cdp) {
    const { profile: sampled } = (await cdp.send('Profiler.stop')) as unknown as { profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] } };
    await cdp.detach();
    const file = path.join(resultsDir, `monitor-profile-${backend}-${rate}-${stamp}.cpuprofile`);
    fs.writeFileSync(file, JSON.stringify(sampled));
    profile = { ...summariseProfile(sampled), file: path.relative(ROOT, file), trace: summariseTrace(traceFile), trace_file: path.relative(ROOT, traceFile) };
  }
  const probe = await page.evaluate(() => (window as unknown as { __monitorBench: MonitorProbe }).__monitorBench);
  // The page's high-resolution clock against its wall clock, and the bench's: event times compare across them.
  const clockSkew = {
    page_ms: round(await page.evaluate(() => Date.now() - (performance.timeOrigin + performance.now())), 1),
    bench_ms: round(Date.now() - epochNow(), 1),
  };
  const appliedEnd = await appliedNow(page);
  const finalRows = await rowsInTable(page);
  await page.close();
  return {
    rate,
    workflowId,
    casesPerSecond,
    sent,
    failedPosts: failed,
    sendSeconds: seconds,
    timeOrigin,
    appliedFrom,
    appliedEnd,
    probe,
    finalRows,
    profile,
    drainTimedOut,
    clockSkew,
    cpu,
  };
}

// ---------------------------------------------------------------- figures, from the events table and the probe

interface EventRow {
  tx: string;
  seq: string;
  application_id: string;
  type: string;
  at: number;
}

interface PhaseResult {
  backend: Backend;
  rate_target: number;
  events_per_case: number;
  cases_per_second_planned: number;
  cases_sent: number;
  /** Cases the intake API accepted per second while sending (below the plan when intake falls behind). */
  cases_per_second_accepted: number;
  posts_failed: number;
  events: number;
  /** Events recorded per second over the sending window (first event to last event). */
  events_per_second: number;
  /** Events the page applied per second, first to last change drawn. */
  events_per_second_on_page: number;
  event_to_screen: { count: number; p50_ms: number; p95_ms: number; p99_ms: number; max_ms: number };
  /** Request sent → the case's row drawn in the table, for every case. */
  sent_to_row: { count: number; p50_ms: number; p95_ms: number; max_ms: number };
  /** application_completed recorded → the row drawn with status completed (cases still in the window then). */
  completed_to_row: { count: number; p50_ms: number; p95_ms: number; max_ms: number };
  events_dropped: number;
  /** New cases whose row was pushed below the table's window (more new cases in one frame than it draws) before it was drawn. */
  cases_never_drawn: number;
  /** Cases whose first event and first drawn row fell in the same frame, of those drawn: the counter and the rows agree. */
  cross_check: { cases_drawn: number; same_frame: number };
  /** Lowest event → screen time: negative would mean the clocks or the mapping are off. */
  event_to_screen_min_ms: number;
  cases_missing_at_end: number;
  cases_stale_at_end: number;
  cases_failed: number;
  longest_frame_ms: number;
  frames_over_100_ms: number;
  frame_gap_max_ms: number;
  frame_gap_p99_ms: number;
  loaf_max_ms: number;
  loaf_over_100_ms: number;
  loaf_count: number;
  longtask_max_ms: number;
  fps: number;
  /** Script time in long animation frames, by what started it (event parsing, React's scheduler, frame callbacks…). */
  loaf_scripts: { invoker: string; ms: number }[];
  drain_timed_out: boolean;
  /** Per 10 s of the run: cases the table holds, frames per second, the longest frame gap, long animation frames, event → screen p95. */
  timeline: {
    from_s: number;
    cases_in_table: number;
    fps: number;
    frame_gap_max_ms: number;
    loaf: number;
    loaf_max_ms: number;
    event_to_screen_p95_ms: number;
  }[];
  /** Wall clock minus the high-resolution clock the times were taken with, in the page and in the bench. */
  clock_skew: PhaseRun['clockSkew'];
  /** % of one core used over the phase by the page's renderer, the rest of Chromium, the server, PostgreSQL, the bench and the rest. */
  cpu_percent: Record<string, number>;
  profile?: PhaseRun['profile'];
}

const stats = (values: number[]) => ({
  count: values.length,
  p50_ms: round(percentile(values, 0.5), 1),
  p95_ms: round(percentile(values, 0.95), 1),
  max_ms: round(values.length ? maxOf(values) : NaN, 1),
});

function analyse(backend: Backend, eventsPerCase: number, run: PhaseRun, events: EventRow[], finalStatus: Map<string, string>): PhaseResult {
  const { probe, timeOrigin } = run;
  const commits = probe.commits;
  const paintAt = (i: number) => {
    const p = commits[i]?.paint;
    return p === null || p === undefined ? NaN : timeOrigin + p;
  };
  // Stream order is (tx, seq): the k-th event of the phase is the (appliedFrom + k)-th the page applied.
  events.sort((a, b) => {
    const tx = BigInt(a.tx) - BigInt(b.tx);
    return tx !== 0n ? (tx < 0n ? -1 : 1) : Number(BigInt(a.seq) - BigInt(b.seq));
  });
  const latencies: number[] = [];
  const drawnAt = new Map<EventRow, number>();
  let c = 0;
  for (let k = 0; k < events.length; k += 1) {
    const need = run.appliedFrom + k + 1;
    while (c < commits.length && !(commits[c]!.applied >= need)) c += 1;
    if (c >= commits.length) break;
    const paint = paintAt(c);
    if (Number.isNaN(paint)) continue;
    latencies.push(paint - events[k]!.at);
    drawnAt.set(events[k]!, paint);
  }

  // Over time, in 10 s steps of the page's clock: does the page slow down as the table holds more cases?
  const STEP_MS = 10_000;
  const from = probe.from;
  const timeline: {
    from_s: number;
    cases_in_table: number;
    fps: number;
    frame_gap_max_ms: number;
    loaf: number;
    loaf_max_ms: number;
    event_to_screen_p95_ms: number;
  }[] = [];
  const lastFrame = probe.frames.at(-1) ?? from;
  const caseFirst = new Map<string, number>();
  for (const r of probe.rows) if (!caseFirst.has(r.id) && commits[r.commit]?.paint != null) caseFirst.set(r.id, commits[r.commit]!.paint!);
  const firstTimes = [...caseFirst.values()];
  for (let t = from; t + STEP_MS <= lastFrame; t += STEP_MS) {
    const inStep = (x: number) => x >= t && x < t + STEP_MS;
    const fr = probe.frames.filter(inStep);
    const stepGaps = fr.slice(1).map((x, i) => x - fr[i]!);
    const lo = probe.loaf.filter((l) => inStep(l.start));
    const lat: number[] = [];
    for (const [e, paint] of drawnAt) if (inStep(paint - timeOrigin)) lat.push(paint - e.at);
    timeline.push({
      from_s: round((t - from) / 1000),
      cases_in_table: firstTimes.filter((x) => x < t + STEP_MS).length,
      fps: round((fr.length / STEP_MS) * 1000, 1),
      frame_gap_max_ms: round(stepGaps.length ? maxOf(stepGaps) : NaN, 1),
      loaf: lo.length,
      loaf_max_ms: round(lo.length ? maxOf(lo.map((l) => l.duration)) : 0, 1),
      event_to_screen_p95_ms: round(percentile(lat, 0.95), 1),
    });
  }
  const applied = run.appliedEnd - run.appliedFrom;

  // Rows: first drawn, and first drawn completed.
  const firstDrawn = new Map<string, number>();
  const completedDrawn = new Map<string, number>();
  for (const r of probe.rows) {
    const at = paintAt(r.commit);
    if (Number.isNaN(at)) continue;
    if (!firstDrawn.has(r.id)) firstDrawn.set(r.id, at);
    if (r.status === 'completed' && !completedDrawn.has(r.id)) completedDrawn.set(r.id, at);
  }
  const sentToRow: number[] = [];
  for (const s of run.sent) {
    const at = firstDrawn.get(s.id);
    if (at !== undefined) sentToRow.push(at - s.sent);
  }
  const completedToRow: number[] = [];
  for (const e of events) {
    if (e.type !== 'application_completed') continue;
    const at = completedDrawn.get(e.application_id);
    if (at !== undefined) completedToRow.push(at - e.at);
  }
  // Cross-check of the two methods: a case's row first appears in the frame that applied its first event.
  let createdDrawn = 0;
  let sameFrame = 0;
  for (const e of events) {
    if (e.type !== 'application_created') continue;
    const byCounter = drawnAt.get(e);
    const byRow = firstDrawn.get(e.application_id);
    if (byCounter === undefined || byRow === undefined) continue;
    createdDrawn += 1;
    if (Math.abs(byCounter - byRow) < 0.01) sameFrame += 1;
  }
  let missing = 0;
  let stale = 0;
  for (const s of run.sent) {
    const shown = run.finalRows.get(s.id);
    if (shown === undefined) missing += 1;
    else if (shown !== finalStatus.get(s.id)) stale += 1;
  }

  // Frames in the measured window.
  const frames = probe.frames;
  const gaps = frames.slice(1).map((t, i) => t - frames[i]!);
  const elapsed = frames.length > 1 ? frames.at(-1)! - frames[0]! : NaN;
  const loaf = probe.loaf.filter((l) => l.start >= probe.from);
  const longtasks = probe.longtasks.filter((l) => l.start >= probe.from);
  const scripts = new Map<string, number>();
  for (const l of loaf) for (const s of l.scripts) scripts.set(s.invoker, (scripts.get(s.invoker) ?? 0) + s.duration);
  const firstAt = minOf(events.map((e) => e.at));
  const lastAt = maxOf(events.map((e) => e.at));
  const pageCommits = commits.filter((x) => x.applied > run.appliedFrom && x.paint !== null);
  const pageSpan = pageCommits.length > 1 ? pageCommits.at(-1)!.paint! - pageCommits[0]!.paint! : NaN;
  const gapMax = gaps.length ? maxOf(gaps) : NaN;
  const loafMax = loaf.length ? maxOf(loaf.map((l) => l.duration)) : 0;
  const s = stats(latencies);
  return {
    backend,
    rate_target: run.rate,
    events_per_case: eventsPerCase,
    cases_per_second_planned: round(run.casesPerSecond, 2),
    cases_sent: run.sent.length,
    cases_per_second_accepted: round(run.sent.length / run.sendSeconds, 1),
    posts_failed: run.failedPosts,
    events: events.length,
    events_per_second: round(events.length / ((lastAt - firstAt) / 1000)),
    events_per_second_on_page: round(applied / (pageSpan / 1000)),
    event_to_screen: { count: s.count, p50_ms: s.p50_ms, p95_ms: s.p95_ms, p99_ms: round(percentile(latencies, 0.99), 1), max_ms: s.max_ms },
    sent_to_row: stats(sentToRow),
    completed_to_row: stats(completedToRow),
    events_dropped: Math.max(0, events.length - applied),
    cases_never_drawn: run.sent.filter((x) => !firstDrawn.has(x.id)).length,
    cross_check: { cases_drawn: createdDrawn, same_frame: sameFrame },
    event_to_screen_min_ms: round(latencies.length ? minOf(latencies) : NaN, 1),
    cases_missing_at_end: missing,
    cases_stale_at_end: stale,
    cases_failed: [...finalStatus.values()].filter((x) => x === 'failed').length,
    longest_frame_ms: round(Math.max(gapMax, loafMax), 1),
    frames_over_100_ms: gaps.filter((g) => g > TARGET_FRAME_MS).length,
    frame_gap_max_ms: round(gapMax, 1),
    frame_gap_p99_ms: round(percentile(gaps, 0.99), 1),
    loaf_max_ms: round(loafMax, 1),
    loaf_over_100_ms: loaf.filter((l) => l.duration > TARGET_FRAME_MS).length,
    loaf_count: loaf.length,
    longtask_max_ms: round(longtasks.length ? maxOf(longtasks.map((l) => l.duration)) : 0, 1),
    fps: round((frames.length / elapsed) * 1000, 1),
    loaf_scripts: [...scripts.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([invoker, ms]) => ({ invoker, ms: round(ms) })),
    drain_timed_out: run.drainTimedOut,
    timeline,
    clock_skew: run.clockSkew,
    cpu_percent: run.cpu,
    ...(run.profile ? { profile: run.profile } : {}),
  };
}

// ---------------------------------------------------------------- one backend

async function runBackend(browser: Browser, context: BrowserContext, backend: Backend, web: string, resultsDir: string, stamp: string): Promise<PhaseResult[]> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = tempDir(`portal-bench-monitor-${backend}-`);
  const databaseUrl = backend === 'postgres' ? await temporaryDatabase(args['pg-url']!, 'portal_bench_monitor') : '';
  const env = serverEnv({
    port,
    dataDir,
    adminEmail: ADMIN_EMAIL,
    adminPassword: ADMIN_PASSWORD,
    extra: { WEB_DIST: web, INTAKE_RATE_LIMIT: '0', RUNTIME_CONCURRENCY: args.concurrency, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
  });
  log(
    `\n== ${backend === 'pglite' ? 'PGlite (temporary DATA_DIR)' : `PostgreSQL (temporary database on ${new URL(args['pg-url']!).host})`}: server on ${base}`,
  );
  const child = await startServer(env, port, { echoStderr: true });
  // Interrupted, the pages go before the server: it would otherwise wait for their event streams to end.
  cleanups.push(() => context.close());
  const tokens = await signIn(base, ADMIN_EMAIL, ADMIN_PASSWORD);
  const { key } = await call<{ key: string }>(base, 'POST', '/api/admin/api-keys', tokens.access_token, { name: 'Bench monitor intake', scopes: ['intake'] });

  // Signed in on this origin: the tokens where the app keeps them.
  const first = await context.newPage();
  await first.goto(`${base}/login`);
  await storeTokens(first, tokens);
  await first.close();

  // Warm-up with the page open (server, database and browser code paths), and how many events one case makes.
  const warmupWorkflow = await createWorkflow(base, tokens.access_token, 'Bench monitor warm-up');
  const { page: warmPage } = await openMonitor(context, base);
  const warm = await sendCases(base, key, warmupWorkflow, 10, WARMUP_S, `${backend}-warmup`);
  for (let i = 0; ; i += 1) {
    const t = await caseTotals(base, tokens.access_token, warmupWorkflow);
    if (t.completed + t.failed >= warm.sent.length) break;
    if (i > 600) throw new Error('the warm-up cases did not finish within 60 s');
    await sleep(100);
  }
  const detail = await call<{ status: string; events: unknown[] }>(base, 'GET', `/api/admin/applications/${warm.sent[0]!.id}`, tokens.access_token);
  if (detail.status !== 'completed') throw new Error(`a warm-up case ended ${detail.status}`);
  const eventsPerCase = detail.events.length;
  await sleep(1000);
  await warmPage.close();
  log(`   warm-up: ${warm.sent.length} cases; a case of start → ${CONDITIONS} conditions → end makes ${eventsPerCase} events`);

  const runs: PhaseRun[] = [];
  for (const rate of RATES) runs.push(await runPhase(browser, context, base, tokens, key, backend, rate, eventsPerCase, resultsDir, stamp, child.pid));
  await stopChild(child);

  // The events as recorded, read with the server stopped (only one process may open a PGlite data dir).
  const db = await createDb(backend === 'postgres' ? { databaseUrl } : { dataDir });
  const results: PhaseResult[] = [];
  try {
    for (const run of runs) {
      const ev = await db.query<EventRow & { at: number | string }>(
        `select tx::text as tx, seq::text as seq, application_id, type, extract(epoch from created_at) * 1000 as at from application_events where workflow_id = $1`,
        [run.workflowId],
      );
      const cases = await db.query<{ id: string; status: string }>('select id, status from applications where workflow_id = $1', [run.workflowId]);
      const events = ev.rows.map((r) => ({ ...r, at: Number(r.at) }));
      const result = analyse(backend, eventsPerCase, run, events, new Map(cases.rows.map((r) => [r.id, r.status])));
      results.push(result);
      const e = result.event_to_screen;
      log(
        `  ${String(run.rate).padStart(5)} events/s → ${fmt(result.events_per_second)} recorded/s: event → screen p50 ${fmt(e.p50_ms)} ms, p95 ${fmt(e.p95_ms)} ms, max ${fmt(e.max_ms)} ms; ` +
          `${result.events_dropped} events dropped, ${result.cases_missing_at_end + result.cases_stale_at_end} cases missing or stale; longest frame ${fmt(result.longest_frame_ms)} ms`,
      );
    }
  } finally {
    await db.close();
  }
  return results;
}

// ---------------------------------------------------------------- main

/** Runs the undo steps pushed since `mark` (last first): one backend's server, database and folders. */
async function cleanUpTo(mark: number): Promise<void> {
  while (cleanups.length > mark) {
    const fn = cleanups.pop()!;
    try {
      await fn();
    } catch (err) {
      process.stderr.write(`cleanup failed: ${String(err)}\n`);
    }
  }
}

async function main() {
  const web = webDist();
  const resultsDir = path.join(ROOT, 'bench', 'results');
  fs.mkdirSync(resultsDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const loadBefore = os.loadavg();
  log(
    `Real-time Monitor: ${RATES.join(' and ')} events/s for ${DURATION_S} s each on ${BACKENDS.join(' and ')}; cases of start → ${CONDITIONS} conditions → end; worker concurrency ${args.concurrency}`,
  );
  log(`web build: ${path.relative(ROOT, web) || web}; Chromium: ${CHROMIUM} (headless, viewport ${VIEWPORT.width}×${VIEWPORT.height})`);
  log(`machine: ${os.cpus().length} cores, ${os.cpus()[0]?.model ?? 'unknown CPU'}, load average ${loadBefore.map((n) => n.toFixed(2)).join(' ')}`);
  if (loadBefore[0]! > os.cpus().length)
    log(`warning: load average ${loadBefore[0]!.toFixed(1)} on ${os.cpus().length} cores — the machine is busy, figures are inflated`);

  // Our own Ctrl-C handler closes the browser (last), so Playwright removes its profile folder too.
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS, handleSIGINT: false, handleSIGTERM: false });
  cleanups.push(() => browser.close());
  const chromiumVersion = browser.version();
  const results: PhaseResult[] = [];
  for (const backend of BACKENDS) {
    const mark = cleanups.length;
    const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 });
    await context.addInitScript(installMonitorProbe);
    results.push(...(await runBackend(browser, context, backend, web, resultsDir, stamp)));
    await context.close();
    await cleanUpTo(mark);
  }
  await browser.close();
  const loadAfter = os.loadavg();

  // ---------------------------------------------------------------- the table
  const header = [
    'rate target',
    'backend',
    'events sent (cases)',
    'events/s achieved (on the page)',
    'event → screen p50',
    'p95',
    'max',
    'dropped: events / cases',
    'longest frame',
    'frames > 100 ms',
  ];
  const rows = results.map((r) => [
    `${r.rate_target.toLocaleString('en')}/s`,
    `${r.backend === 'pglite' ? 'PGlite' : 'PostgreSQL'}${r.profile ? ' (profiled)' : ''}`,
    `${r.events.toLocaleString('en')} (${r.cases_sent.toLocaleString('en')})`,
    `${fmt(r.events_per_second)} (${fmt(r.events_per_second_on_page)})`,
    `${fmt(r.event_to_screen.p50_ms)} ms`,
    `${fmt(r.event_to_screen.p95_ms)} ms`,
    `${fmt(r.event_to_screen.max_ms)} ms`,
    `${r.events_dropped} / ${r.cases_missing_at_end + r.cases_stale_at_end}`,
    `${fmt(r.longest_frame_ms)} ms`,
    String(r.frames_over_100_ms),
  ]);
  log(`\n## Real-time Monitor — ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, headless Chromium ${chromiumVersion}\n`);
  log(`| ${header.join(' | ')} |`);
  log(
    `|---|---|${header
      .slice(2)
      .map(() => '--:')
      .join('|')}|`,
  );
  for (const row of rows) log(`| ${row.join(' | ')} |`);
  log('');
  for (const r of results) {
    const name = `${r.backend === 'pglite' ? 'PGlite' : 'PostgreSQL'} at ${r.rate_target.toLocaleString('en')}/s`;
    log(
      `${name}: request sent → row drawn p50 ${fmt(r.sent_to_row.p50_ms)} / p95 ${fmt(r.sent_to_row.p95_ms)} ms (${r.sent_to_row.count} cases); ` +
        `completed → row shows it p50 ${fmt(r.completed_to_row.p50_ms)} / p95 ${fmt(r.completed_to_row.p95_ms)} ms (${r.completed_to_row.count} rows still in the window); ` +
        `${r.cases_never_drawn} new rows pushed below the window before a frame drew them; first event and first row in the same frame for ${r.cross_check.same_frame} of ${r.cross_check.cases_drawn} cases; ` +
        `${fmt(r.fps, 1)} frames/s, frame gap p99 ${fmt(r.frame_gap_p99_ms, 1)} ms, ` +
        `long animation frames ${r.loaf_count} (longest ${fmt(r.loaf_max_ms)} ms, ${r.loaf_over_100_ms} over 100 ms), longest task ${fmt(r.longtask_max_ms)} ms` +
        (r.posts_failed ? `; ${r.posts_failed} intake requests failed` : '') +
        (r.cases_failed ? `; ${r.cases_failed} cases failed` : '') +
        (r.drain_timed_out ? '; the page stopped applying events before it had them all' : '') +
        (Math.abs(r.clock_skew.page_ms) > 5 || Math.abs(r.clock_skew.bench_ms) > 5
          ? `; warning: clocks drifted (page ${r.clock_skew.page_ms} ms, bench ${r.clock_skew.bench_ms} ms)`
          : ''),
    );
    const cpu = r.cpu_percent;
    log(
      `  CPU over the phase, % of one core (${os.cpus().length} cores): page renderer ${cpu.page_renderer}, rest of Chromium ${cpu.chromium_other}, server ${cpu.server}, ` +
        `PostgreSQL ${cpu.postgresql}, bench (sender, Playwright) ${cpu.bench}, everything else ${cpu.other}`,
    );
    if (r.timeline.length > 1) {
      log(
        `  per 10 s — cases in the table: frames/s, longest gap, long animation frames, event → screen p95: ` +
          r.timeline
            .map((x) => `${x.cases_in_table}: ${fmt(x.fps)}/s, ${fmt(x.frame_gap_max_ms)} ms, ${x.loaf}, ${fmt(x.event_to_screen_p95_ms)} ms`)
            .join(' · '),
      );
    }
    if (r.loaf_scripts.length) log(`  script time in long animation frames: ${r.loaf_scripts.map((s) => `${s.invoker} ${s.ms} ms`).join(', ')}`);
    if (r.profile) {
      log(
        `  CPU profile of the page (${r.profile.total_ms} ms sampled; ${r.profile.file}), self time by file: ${r.profile.files.map((f) => `${f.name} ${f.share} %`).join(', ')}`,
      );
      for (const f of r.profile.functions.slice(0, 12)) log(`      ${String(f.self_ms).padStart(8)} ms ${String(f.share).padStart(5)} %  ${f.name}`);
      log(
        `  Chromium trace of the last ${TRACE_S} s of sending (${r.profile.trace_file}; open it in DevTools → Performance), main-thread self time, wall / CPU:`,
      );
      for (const e of r.profile.trace.self) log(`      ${String(e.self_ms).padStart(8)} / ${String(e.cpu_ms).padStart(8)} ms  ${e.name}`);
      log(`  longest main-thread tasks, wall / CPU: ${r.profile.trace.longest_tasks.map((t) => `${t.wall_ms} / ${t.cpu_ms} ms`).join(', ')}`);
    }
  }
  const atTarget = results.filter((r) => r.rate_target === TARGET_RATE);
  for (const r of atTarget) {
    const ok = (b: boolean) => (b ? 'met' : 'NOT met');
    if (r.events_per_second < 0.9 * TARGET_RATE) {
      log(
        `Target at ${TARGET_RATE.toLocaleString('en')}/s on ${r.backend === 'pglite' ? 'PGlite' : 'PostgreSQL'}: not reached — the server recorded ${fmt(r.events_per_second)} events/s ` +
          `(the runtime's ceiling on this backend with the page and the sender on the same cores); the page's figures above are at that rate`,
      );
      continue;
    }
    log(
      `Target at ${TARGET_RATE.toLocaleString('en')}/s on ${r.backend === 'pglite' ? 'PGlite' : 'PostgreSQL'} (achieved ${fmt(r.events_per_second)}/s): p95 ${fmt(r.event_to_screen.p95_ms)} ms ≤ ${TARGET_P95_MS} ms ${ok(r.event_to_screen.p95_ms <= TARGET_P95_MS)}; ` +
        `${r.events_dropped + r.cases_missing_at_end + r.cases_stale_at_end} dropped ${ok(r.events_dropped + r.cases_missing_at_end + r.cases_stale_at_end === 0)}; ` +
        `longest frame ${fmt(r.longest_frame_ms)} ms ≤ ${TARGET_FRAME_MS} ms ${ok(r.longest_frame_ms <= TARGET_FRAME_MS)}`,
    );
  }
  log(`\nload average before ${loadBefore.map((n) => n.toFixed(2)).join(' ')}, after ${loadAfter.map((n) => n.toFixed(2)).join(' ')}`);

  const file = path.join(resultsDir, `monitor-${stamp}.json`);
  const report = {
    benchmark: 'monitor',
    at: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpu_model: os.cpus()[0]?.model,
      memory_gb: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      loadavg_before: loadBefore,
      loadavg_after: loadAfter,
    },
    chromium: { path: CHROMIUM, version: chromiumVersion, flags: CHROME_FLAGS, viewport: VIEWPORT },
    web_dist: path.relative(ROOT, web) || web,
    targets: { rate: TARGET_RATE, event_to_screen_p95_ms: TARGET_P95_MS, dropped: 0, longest_frame_ms: TARGET_FRAME_MS },
    options: {
      only: BACKENDS,
      rates: RATES,
      duration_s: DURATION_S,
      conditions: CONDITIONS,
      warmup_s: WARMUP_S,
      runtime_concurrency: Number(args.concurrency),
    },
    results,
  };
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  log(`wrote ${path.relative(ROOT, file)}`);
}

try {
  await main();
} catch (err) {
  process.stderr.write(`bench:monitor failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exitCode = 1;
} finally {
  await runCleanups();
}
