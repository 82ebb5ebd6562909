// Applicant pages benchmark (issue 34), against the real server serving the built web app on the embedded database:
// the applicant page's JavaScript (gzipped) against its 60 KB budget; a form's answer → the next screen with 50
// applicants answering at once (p50/p95 against 300 ms); and Lighthouse (mobile) on each state of the page: the start,
// a form, the wait for a review, an outcome and a dead link (performance ≥ 95, accessibility 100).
// Run with `npm run bench:apply` (see bench/README.md).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { launchDebuggableChromium, runLighthouse, type LighthouseScores } from './lib/lighthouse.ts';
import { cleanUpOnExit, freePort, runCleanups } from './lib/processes.ts';
import { ROOT, call, serverEnv, signIn, startServer, tempDir } from './lib/server.ts';

const ADMIN_EMAIL = 'bench.admin@bench.example';
const ADMIN_PASSWORD = 'Bench-Admin-Password-42';
/** Issue 34's budgets. */
const JS_BUDGET_BYTES = 60 * 1024;
const SUBMIT_BUDGET_MS = 300;
const PERFORMANCE_BUDGET = 95;
const ACCESSIBILITY_BUDGET = 100;

const { values: args } = parseArgs({
  options: {
    'web-dist': { type: 'string', default: 'apps/web/dist' },
    chromium: { type: 'string', default: process.env.CHROME_PATH || '/usr/bin/chromium' },
    applicants: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '3' },
    'skip-lighthouse': { type: 'boolean', default: false },
  },
});
const WEB_DIST = path.resolve(ROOT, args['web-dist']);
const APPLICANTS = Number(args.applicants);
const ROUNDS = Number(args.rounds);

cleanUpOnExit('stopping the server and the browser');
const log = (message: string) => process.stdout.write(`${message}\n`);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function ensureBuilt() {
  if (fs.existsSync(path.join(WEB_DIST, 'apply.html'))) return;
  log('the web build has no apply.html: running npm run build');
  const built = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('npm run build failed');
}

// ---------------------------------------------------------------- the page's JavaScript

/** Every script apply.html loads (its entry and the modules it preloads), each gzipped at level 9. */
function pageScripts(): { file: string; bytes: number; gzip_bytes: number }[] {
  const html = fs.readFileSync(path.join(WEB_DIST, 'apply.html'), 'utf8');
  const srcs = [...html.matchAll(/<script[^>]+src="([^"]+)"/g), ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1]!);
  return [...new Set(srcs)].map((src) => {
    const content = fs.readFileSync(path.join(WEB_DIST, src));
    return { file: src, bytes: content.length, gzip_bytes: gzipSync(content, { level: 9 }).length };
  });
}

// ---------------------------------------------------------------- a workflow with two forms and a review

const graph = {
  steps: [
    { id: 'start', type: 'start', name: 'Received', config: { trigger: 'api', required_fields: [] }, position: { x: 0, y: 0 } },
    {
      id: 'about',
      type: 'form',
      name: 'About you',
      config: {
        title: 'About you',
        instructions: 'As in your passport.',
        fields: [
          { key: 'first_name', label: 'First name', type: 'text', required: true, options: [] },
          { key: 'last_name', label: 'Last name', type: 'text', required: true, options: [] },
          { key: 'birth_date', label: 'Date of birth', type: 'date', required: true, options: [] },
          { key: 'country', label: 'Country', type: 'select', required: true, options: ['Germany', 'France'] },
        ],
      },
      position: { x: 280, y: 0 },
    },
    {
      id: 'more',
      type: 'form',
      name: 'More',
      config: {
        title: 'Your income',
        instructions: '',
        fields: [
          { key: 'income', label: 'Yearly income', type: 'number', required: true, options: [] },
          { key: 'consent', label: 'I agree to the checks', type: 'checkbox', required: true, options: [] },
        ],
      },
      position: { x: 560, y: 0 },
    },
    { id: 'review', type: 'approval', name: 'Review', config: { assignee_role: 'operator', sla_hours: 24 }, position: { x: 840, y: 0 } },
    { id: 'ok', type: 'end', name: 'Approved', config: { outcome: 'approved' }, position: { x: 1120, y: -80 } },
    { id: 'no', type: 'end', name: 'Rejected', config: { outcome: 'rejected' }, position: { x: 1120, y: 80 } },
  ],
  connections: [
    { source: 'start', target: 'about', condition: null },
    { source: 'about', target: 'more', condition: null },
    { source: 'more', target: 'review', condition: null },
    { source: 'review', target: 'ok', condition: 'approved' },
    { source: 'review', target: 'no', condition: 'rejected' },
  ],
};

interface World {
  base: string;
  token: string;
  organizationId: string;
  workflowId: string;
  startLink: string;
  intakeKey: string;
}

async function setUp(base: string): Promise<World> {
  const { access_token: token } = await signIn(base, ADMIN_EMAIL, ADMIN_PASSWORD);
  const me = await call<{ organization_id: string }>(base, 'GET', '/api/auth/me', token);
  const organizationId = me.organization_id;
  const workflow = await call<{ id: string }>(base, 'POST', '/api/admin/workflows/complete', token, { name: 'Private account', status: 'active', graph });
  const link = await call<{ url: string }>(base, 'PUT', `/api/admin/workflows/${workflow.id}/start-link`, token, { enabled: true });
  const key = await call<{ key: string }>(base, 'POST', '/api/admin/api-keys', token, {
    name: 'Bench intake',
    scopes: ['intake'],
    organization_id: organizationId,
  });
  return { base, token, organizationId, workflowId: workflow.id, startLink: new URL(link.url).pathname, intakeKey: key.key };
}

/** A case through the intake API; answers its personal link's token. */
async function newCase(world: World, n: number): Promise<string> {
  const res = await fetch(`${world.base}/api/public/v1/applications`, {
    method: 'POST',
    headers: { authorization: `Bearer ${world.intakeKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ workflow_id: world.workflowId, applicant: { name: `Applicant ${n}`, email: `applicant${n}@example.com` }, data: {} }),
  });
  if (!res.ok) throw new Error(`intake: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { applicant_url: string }).applicant_url.split('/apply/c/')[1]!;
}

/** One applicant's page calls, from their own address (as 50 people on their phones are). */
async function applicantCall(world: World, token: string, address: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${world.base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': address, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { state: string; form: { step_id: string; number: number } | null };
}

const percentile = (sorted: number[], p: number) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;

/**
 * ROUNDS times, APPLICANTS applicants each open their case's first form, then all answer at once; each answer is
 * timed until its reply (the next screen: the second form), then all answer the second form at once (the next screen:
 * the wait for a review).
 */
async function measureSubmits(world: World): Promise<{ first: number[]; second: number[] }> {
  const first: number[] = [];
  const second: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const tokens = await Promise.all(Array.from({ length: APPLICANTS }, (_, i) => newCase(world, round * APPLICANTS + i)));
    const address = (i: number) => `10.${round}.${Math.floor(i / 250)}.${(i % 250) + 1}`;
    // Each waits at its first form (the runtime takes it there), as the applicant opens the page.
    const forms = await Promise.all(
      tokens.map(async (token, i) => {
        for (;;) {
          const view = await applicantCall(world, token, address(i), 'GET', '/api/apply/case');
          if (view.state === 'form' && view.form) return view.form.step_id;
          await new Promise((r) => setTimeout(r, 100));
        }
      }),
    );
    type View = Awaited<ReturnType<typeof applicantCall>>;
    const timed = async (run: () => Promise<View>, expect: (v: View) => boolean) => {
      const started = performance.now();
      const view = await run();
      const ms = performance.now() - started;
      if (!expect(view)) throw new Error(`the answer's next screen was ${JSON.stringify(view).slice(0, 200)}`);
      return { ms, view };
    };
    const firsts = await Promise.all(
      tokens.map((token, i) =>
        timed(
          () =>
            applicantCall(world, token, address(i), 'POST', `/api/apply/case/forms/${forms[i]}`, {
              first_name: 'Ada',
              last_name: `Lovelace ${i}`,
              birth_date: '1990-12-10',
              country: 'France',
            }),
          (v) => v.state === 'form' && v.form?.number === 2,
        ),
      ),
    );
    first.push(...firsts.map((f) => f.ms));
    const seconds = await Promise.all(
      tokens.map((token, i) =>
        timed(
          () =>
            applicantCall(world, token, address(i), 'POST', `/api/apply/case/forms/${firsts[i]!.view.form!.step_id}`, {
              income: 52000,
              consent: true,
            }),
          (v) => v.state === 'review',
        ),
      ),
    );
    second.push(...seconds.map((s) => s.ms));
    log(`  round ${round + 1} of ${ROUNDS}: ${APPLICANTS} applicants answered two forms`);
  }
  return { first, second };
}

// ---------------------------------------------------------------- Lighthouse, mobile

type Scores = LighthouseScores & { state: string };

/** Each state of the page, reached by its address: the start, a form, the wait for a review, an outcome, a dead link. */
async function lighthouseStates(world: World): Promise<Scores[]> {
  const port = await launchDebuggableChromium(args.chromium);
  const form = await newCase(world, 100_000);
  const waiting = await newCase(world, 100_001);
  const decided = await newCase(world, 100_002);
  for (const token of [form, waiting, decided]) {
    for (;;) {
      const view = await applicantCall(world, token, '10.200.0.1', 'GET', '/api/apply/case');
      if (view.state === 'form') break;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  for (const token of [waiting, decided]) {
    const one = await applicantCall(world, token, '10.200.0.1', 'GET', '/api/apply/case');
    const two = await applicantCall(world, token, '10.200.0.1', 'POST', `/api/apply/case/forms/${one.form!.step_id}`, {
      first_name: 'Ada',
      last_name: 'Lovelace',
      birth_date: '1990-12-10',
      country: 'France',
    });
    await applicantCall(world, token, '10.200.0.1', 'POST', `/api/apply/case/forms/${two.form!.step_id}`, { income: 1, consent: true });
  }
  const tasks = await call<{ items: { id: string; application_id: string }[] }>(
    world.base,
    'GET',
    '/api/admin/applications/review-tasks?status=open&limit=200',
    world.token,
  );
  const decidedId = (
    await call<{ items: { id: string; applicant_name: string }[] }>(
      world.base,
      'GET',
      `/api/admin/applications?q=${encodeURIComponent('Applicant 100002')}`,
      world.token,
    )
  ).items[0]!.id;
  const task = tasks.items.find((t) => t.application_id === decidedId)!;
  await call(world.base, 'POST', `/api/admin/applications/review-tasks/${task.id}/decision`, world.token, { decision: 'approve' });
  const states: [string, string][] = [
    ['start', `${world.base}${world.startLink}`],
    ['form', `${world.base}/apply/c/${form}`],
    ['waiting for a review', `${world.base}/apply/c/${waiting}`],
    ['outcome', `${world.base}/apply/c/${decided}`],
    ['dead link', `${world.base}/apply/c/${'x'.repeat(43)}`],
  ];
  const scores: Scores[] = [];
  for (const [state, url] of states) {
    // Lighthouse's default configuration: a mid-range phone on slow 4G (simulated).
    const result = { ...(await runLighthouse(url, port, 'mobile')), state };
    if (result.accessibility_failures.length > 0) log(`  ${state}: accessibility audits not passed: ${result.accessibility_failures.join(', ')}`);
    scores.push(result);
  }
  return scores;
}

// ---------------------------------------------------------------- main

async function main() {
  ensureBuilt();
  const loadBefore = os.loadavg()[0]!;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  await startServer(
    serverEnv({
      port,
      dataDir: tempDir('portal-bench-apply-'),
      adminEmail: ADMIN_EMAIL,
      adminPassword: ADMIN_PASSWORD,
      extra: { WEB_DIST, TRUST_PROXY: 'true', PUBLIC_URL: base },
    }),
    port,
  );
  const world = await setUp(base);

  const scripts = pageScripts();
  const gzip = scripts.reduce((n, s) => n + s.gzip_bytes, 0);
  log(
    `\nThe applicant page's JavaScript: ${kb(gzip)} gzipped (${kb(scripts.reduce((n, s) => n + s.bytes, 0))} raw, ${scripts.length} files), budget ${kb(JS_BUDGET_BYTES)}: ${gzip <= JS_BUDGET_BYTES ? 'within' : 'OVER'}`,
  );
  for (const s of scripts) log(`  ${kb(s.gzip_bytes).padStart(9)}  ${s.file}`);

  log(`\nA form's answer → the next screen, ${APPLICANTS} applicants answering at once, embedded database (${ROUNDS} rounds):`);
  const { first, second } = await measureSubmits(world);
  const all = [...first, ...second].sort((a, b) => a - b);
  const line = (what: string, values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const p95 = percentile(sorted, 0.95);
    log(
      `  ${what.padEnd(34)} p50 ${percentile(sorted, 0.5).toFixed(0).padStart(4)} ms   p95 ${p95.toFixed(0).padStart(4)} ms   (${sorted.length} answers)  ${p95 <= SUBMIT_BUDGET_MS ? 'within' : 'OVER'} ${SUBMIT_BUDGET_MS} ms`,
    );
  };
  line('first form → second form', first);
  line('second form → waiting for review', second);
  line('every answer', all);

  let lighthouseScores: Scores[] = [];
  if (!args['skip-lighthouse']) {
    log('\nLighthouse (mobile: a mid-range phone on slow 4G, simulated), each state of the page:');
    lighthouseScores = await lighthouseStates(world);
    log('  state                   performance  accessibility  best practices   FCP ms   LCP ms   TBT ms    CLS');
    for (const s of lighthouseScores) {
      const ok = (s.performance ?? 0) >= PERFORMANCE_BUDGET && (s.accessibility ?? 0) >= ACCESSIBILITY_BUDGET;
      log(
        `  ${s.state.padEnd(22)} ${String(s.performance).padStart(11)} ${String(s.accessibility).padStart(14)} ${String(s.best_practices).padStart(15)} ${String(Math.round(s.first_contentful_paint_ms ?? 0)).padStart(8)} ${String(Math.round(s.largest_contentful_paint_ms ?? 0)).padStart(8)} ${String(Math.round(s.total_blocking_time_ms ?? 0)).padStart(8)} ${(s.cumulative_layout_shift ?? 0).toFixed(3).padStart(6)}  ${ok ? 'within' : 'OVER'}`,
      );
    }
  }

  const loadAfter = os.loadavg()[0]!;
  log(`\nload average (1 min) before ${loadBefore.toFixed(1)}, after ${loadAfter.toFixed(1)} on ${os.cpus().length} cores`);
  fs.mkdirSync(path.join(ROOT, 'bench', 'results'), { recursive: true });
  const out = path.join(ROOT, 'bench', 'results', `apply-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(
    out,
    JSON.stringify(
      {
        machine: { cpus: os.cpus().length, load_before: loadBefore, load_after: loadAfter, node: process.version },
        javascript: { gzip_bytes: gzip, budget_bytes: JS_BUDGET_BYTES, files: scripts },
        submits: { applicants: APPLICANTS, rounds: ROUNDS, first_ms: first, second_ms: second },
        lighthouse: lighthouseScores,
      },
      null,
      2,
    ),
  );
  log(`wrote ${path.relative(ROOT, out)}`);
}

main()
  .catch((error: unknown) => {
    process.exitCode = 1;
    console.error(error);
  })
  .finally(() => runCleanups());
