/**
 * The API guide's examples (docs/guide/api.md), each run with `sh` and curl against a real server on 127.0.0.1, as an
 * integrator runs them with the page's variables set, and compared with the answer the page shows under it: `…`
 * stands for anything, spacing is free, everything else must be as shown. Each example also has its own check of
 * what it must have done (the right page, the same application, nothing started twice).
 *
 * An example is a fenced block whose info string is `sh example=<name>` (the Help pages show the block as `sh`
 * code; an HTML comment as a marker would be shown as text there); its answer is the fenced block right after it.
 */
import { spawn } from 'node:child_process';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_VERSION } from '@admin-portal/contract/api/version';
import { SERVER_MESSAGES } from '@admin-portal/contract/messages';
import { approvalGraph, createTestApiKey, startTestCase } from '../test/applications.factory.ts';
import { createTestContext, TEST_PASSWORD, type TestContext, type TestUser } from '../test/harness.ts';
import { createTestWorkflow, insertTool } from '../test/workflows.factory.ts';

const GUIDE = path.resolve(import.meta.dirname, '../../../../docs/guide/api.md');

export interface GuideExample {
  name: string;
  /** The shell commands, as a reader copies them. */
  code: string;
  /** The answer the page shows for them. */
  answer: string;
}

interface Fence {
  info: string;
  body: string;
  /** Line index of the opening fence and of the closing one. */
  start: number;
  end: number;
}

/** The fenced blocks of a markdown page (indented ones in lists too), with their indentation removed. */
function fencesOf(markdown: string): Fence[] {
  const lines = markdown.split('\n');
  const fences: Fence[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^( *)```(.*)$/.exec(lines[i]!);
    if (!open) continue;
    const [, indent, info] = open;
    const end = lines.findIndex((line, j) => j > i && line.trimEnd() === `${indent}\`\`\``);
    if (end === -1) throw new Error(`The fence on line ${i + 1} is never closed`);
    const body = lines.slice(i + 1, end).map((line) => (line.startsWith(indent!) ? line.slice(indent!.length) : line));
    fences.push({ info: info!.trim(), body: body.join('\n'), start: i, end });
    i = end;
  }
  return fences;
}

/** The page's examples in order: each `sh example=<name>` block with the block right after it as its answer. */
export function examplesOf(markdown: string): GuideExample[] {
  const lines = markdown.split('\n');
  const fences = fencesOf(markdown);
  const examples: GuideExample[] = [];
  fences.forEach((fence, i) => {
    const marked = /^sh\s+example=([\w-]+)$/.exec(fence.info);
    if (!marked) return;
    const next = fences[i + 1];
    const between = next ? lines.slice(fence.end + 1, next.start) : ['no block'];
    if (!next || between.some((line) => line.trim() !== '')) throw new Error(`Example ${marked[1]} has no answer block right after it`);
    examples.push({ name: marked[1]!, code: fence.body, answer: next.body });
  });
  return examples;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The answer as the page shows it, as a pattern for the whole output: `…` stands for anything, spacing is free. */
export function answerPattern(shown: string): RegExp {
  const parts = shown
    .trim()
    .split('…')
    .map((part) => part.split(/\s+/).map(escapeRegExp).join('\\s*'));
  return new RegExp(`^${parts.join('[\\s\\S]*?')}$`);
}

interface Run {
  /** What the commands printed so far. */
  output(): string;
  done: Promise<string>;
}

/** Runs an example's commands with `sh -eu` and only the page's variables (and PATH) in its environment. */
function runExample(code: string, vars: Record<string, string>, cwd: string): Run {
  const child = spawn('sh', ['-eu', '-c', code], { cwd, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: cwd, ...vars } });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const done = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.on('close', (status) => {
      clearTimeout(timer);
      if (status === 0) resolve(out.replace(/\r\n/g, '\n').trim());
      else reject(new Error(`exited with ${status}:\n${out}\n${err}`));
    });
  });
  return { output: () => out, done };
}

/** Waits until `ready` holds (the output of a running example, say); fails after a few seconds. */
async function waitUntil(ready: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!ready()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The JSON body of an answer printed with `curl -i`, or of a plain one. */
function bodyOf(output: string): Record<string, unknown> {
  const blank = output.indexOf('\n\n');
  return JSON.parse(output.startsWith('HTTP/') ? output.slice(blank + 2) : output) as Record<string, unknown>;
}

/** The `id:` and `event:` of each server-sent event in a stream's output, and its `data` parsed. */
function eventsOf(output: string): { id?: string; event?: string; data?: Record<string, unknown> }[] {
  return output.split('\n\n').map((block) => {
    const field = (name: string) => new RegExp(`^${name}: (.*)$`, 'm').exec(block)?.[1];
    const data = field('data');
    return { id: field('id'), event: field('event'), data: data ? (JSON.parse(data) as Record<string, unknown>) : undefined };
  });
}

interface Check {
  /** Variables this example needs beyond (or instead of) the shared ones. */
  env?: () => Promise<Record<string, string>>;
  /** What happens on the server while the example runs. */
  during?: (output: () => string) => Promise<void>;
  /** What the output must show beyond the page's answer. */
  expect(output: string): Promise<void> | void;
}

let ctx: TestContext;
let admin: TestUser;
let organizationId: string;
let vars: Record<string, string>;
let workDir: string;
let startedId: string | undefined;
let before: number;
let streamServer: TestContext['app'] | undefined;
/** The webhook examples' endpoint: what it received, and the subscription's secret. */
let receiver: Server | undefined;
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
let webhookSecret = '';
let followedCase: string | undefined;

const count = async (where: string, params: unknown[] = []) =>
  Number((await ctx.db.query<{ n: number }>(`select count(*)::int as n from applications where ${where}`, params)).rows[0]!.n);
const portalUrl = (app: TestContext['app']) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

/** Every example of the page by name, in the page's order (a later one may rely on an earlier one). */
const CHECKS: Record<string, Check> = {
  'api-version': {
    expect: (output) => expect(output).toBe(`"version":"${API_VERSION}"`),
  },
  'sign-in': {
    expect: (output) => expect(bodyOf(output)).toMatchObject({ token_type: 'bearer', user: { email: admin.email } }),
  },
  'call-with-token': {
    expect: (output) => expect(bodyOf(output)).toMatchObject({ id: admin.id, email: admin.email }),
  },
  refresh: {
    async expect(output) {
      const pair = bodyOf(output) as { access_token: string; refresh_token: string };
      expect(pair.refresh_token).not.toBe(vars.REFRESH_TOKEN);
      const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${pair.access_token}` } });
      expect(me.json()).toMatchObject({ email: admin.email });
    },
  },
  'intake-status': {
    expect: (output) => expect(bodyOf(output)).toMatchObject({ id: vars.APPLICATION_ID, status: 'waiting', waiting_for: 'approval' }),
  },
  'mcp-tools': {
    expect: (output) => expect(bodyOf(output)).toMatchObject({ result: { tools: [{ name: 'lookup_customer' }] } }),
  },
  'organization-header': {
    // A super administrator of the first organization, acting in another one that has two users.
    async env() {
      const other = await ctx.createOrg('Guide Elsewhere');
      await ctx.createUser('operator', other.id);
      await ctx.createUser('manager', other.id);
      const superAdmin = await ctx.createUser('super_admin', organizationId);
      return { TOKEN: (await ctx.login(superAdmin.email)).access_token, ORGANIZATION_ID: other.id };
    },
    expect(output) {
      const page = bodyOf(output) as { items: { organization_id: string }[]; total: number };
      expect(page.total).toBe(2);
      expect(page.items.map((u) => u.organization_id)).not.toContain(organizationId);
    },
  },
  'error-422': {
    async env() {
      before = await count('organization_id = $1', [organizationId]);
      return {};
    },
    async expect(output) {
      expect(bodyOf(output).validation_errors).toEqual([{ field: 'applicant.email', message: expect.any(String) }]);
      expect(await count('organization_id = $1', [organizationId])).toBe(before);
    },
  },
  'error-401': {
    expect: (output) => expect(bodyOf(output)).toEqual({ detail: SERVER_MESSAGES.notAuthenticated }),
  },
  'error-400': {
    expect: (output) => expect(bodyOf(output).validation_errors).toEqual([{ field: 'remember_me', message: 'Unknown field' }]),
  },
  'list-page': {
    async expect(output) {
      const page = bodyOf(output) as { items: { email: string }[]; total: number };
      const emails = await ctx.db.query<{ email: string }>('select email from users where organization_id = $1 order by email', [organizationId]);
      expect(page.total).toBe(emails.rows.length);
      expect(page.items.map((u) => u.email)).toEqual(emails.rows.slice(0, 2).map((u) => u.email));
    },
  },
  'list-cursor': {
    async expect(output) {
      const ids = output.split('\n');
      const all = await ctx.db.query<{ id: string }>('select id from applications where organization_id = $1', [organizationId]);
      // More than one page of 100, each application once.
      expect(ids.length).toBeGreaterThan(100);
      expect(new Set(ids).size).toBe(ids.length);
      expect([...ids].sort()).toEqual(all.rows.map((r) => r.id).sort());
    },
  },
  'idempotent-start': {
    async expect(output) {
      startedId = bodyOf(output).id as string;
      expect(output).toContain(`location: /api/public/v1/applications/${startedId}`);
      expect(await count(`external_ref = 'crm-10442'`)).toBe(1);
    },
  },
  'idempotent-retry': {
    async expect(output) {
      expect(startedId).toBeDefined();
      expect(bodyOf(output).id).toBe(startedId);
      expect(await count(`external_ref = 'crm-10442'`)).toBe(1);
    },
  },
  'idempotent-conflict': {
    async env() {
      before = await count('organization_id = $1', [organizationId]);
      return {};
    },
    async expect(output) {
      expect(bodyOf(output).validation_errors).toEqual([{ field: 'Idempotency-Key', message: expect.any(String) }]);
      expect(await count('organization_id = $1', [organizationId])).toBe(before);
    },
  },
  'rate-limited': {
    // A key of its own that used up its minute (the test server allows 20 calls a minute per key).
    async env() {
      const key = (await createTestApiKey(ctx.db, organizationId, { scopes: ['intake'] })).key;
      for (let i = 0; i < 20; i++) {
        const res = await ctx.app.inject({
          method: 'GET',
          url: `/api/public/v1/applications/${vars.APPLICATION_ID}`,
          headers: { authorization: `Bearer ${key}` },
        });
        expect(res.statusCode).toBe(200);
      }
      return { API_KEY: key };
    },
    expect(output) {
      const seconds = Number(/^retry-after: (\d+)$/im.exec(output)?.[1]);
      expect(seconds).toBeGreaterThanOrEqual(1);
      expect(seconds).toBeLessThanOrEqual(60);
    },
  },
  'stream-catch-up': {
    // From the application's first event: the ones after it, in order.
    async env() {
      const first = await ctx.db.query<{ id: string }>(
        `select tx::text || '-' || seq::text as id from application_events where application_id = $1 order by tx, seq limit 1`,
        [vars.APPLICATION_ID],
      );
      return { LAST_EVENT_ID: first.rows[0]!.id };
    },
    async expect(output) {
      const events = eventsOf(output);
      const all = await ctx.db.query<{ id: string }>(
        `select tx::text || '-' || seq::text as id from application_events where application_id = $1 order by tx, seq`,
        [vars.APPLICATION_ID],
      );
      expect(events[0]).toMatchObject({ event: 'ready', id: all.rows[0]!.id });
      expect(events.slice(1).map((e) => e.id)).toEqual(all.rows.slice(1).map((r) => r.id));
      expect(events.slice(1).every((e) => e.event === 'application_event' && e.data?.application_id === vars.APPLICATION_ID)).toBe(true);
    },
  },
  'stream-follow': {
    // A second server process on the same database: the example follows it from the newest event, hears a case
    // start, and is told to come back when that process shuts down.
    async env() {
      const other = await ctx.anotherApp();
      await other.listen({ port: 0, host: '127.0.0.1' });
      streamServer = other;
      const last = await ctx.db.query<{ id: string }>(`select tx::text || '-' || seq::text as id from application_events order by tx desc, seq desc limit 1`);
      return { PORTAL_URL: portalUrl(other), LAST_EVENT_ID: last.rows[0]!.id };
    },
    async during(output) {
      await waitUntil(() => output().includes('event: ready'), 'the ready event');
      followedCase = await startTestCase(ctx, vars.WORKFLOW_ID!, organizationId);
      await waitUntil(() => output().includes(followedCase!), "the new case's events");
      await streamServer!.close();
    },
    expect(output) {
      const events = eventsOf(output);
      expect(events[0]!.event).toBe('ready');
      expect(events.some((e) => e.event === 'application_event' && e.data?.application_id === followedCase)).toBe(true);
      expect(events.at(-1)).toMatchObject({ event: 'closing', data: { reason: 'server_shutdown' } });
    },
  },
  'webhook-subscribe': {
    async env() {
      receiver = createServer((req, res) => {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString()));
        req.on('end', () => {
          received.push({ headers: req.headers, body });
          res.writeHead(204).end();
        });
      });
      await new Promise<void>((resolve) => receiver!.listen(0, '127.0.0.1', resolve));
      return { WEBHOOK_URL: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/portal` };
    },
    async expect(output) {
      const hook = bodyOf(output) as { id: string; secret: string; url: string };
      expect(hook.secret).toMatch(/^whsec_/);
      expect(hook.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/hooks\/portal$/);
      webhookSecret = hook.secret;
      vars.WEBHOOK_ID = hook.id;
    },
  },
  'webhook-test': {
    async expect(output) {
      const delivery = bodyOf(output) as { message_id: string };
      await waitUntil(() => received.some((r) => r.headers['webhook-id'] === delivery.message_id), 'the test delivery');
      const got = received.find((r) => r.headers['webhook-id'] === delivery.message_id)!;
      // What the page says to do with it: verify the signature with the secret.
      const payload = new StandardWebhook(webhookSecret).verify(got.body, got.headers as Record<string, string>) as { type: string };
      expect(payload.type).toBe('webhook.test');
    },
  },
};
const examples = examplesOf(readFileSync(GUIDE, 'utf8'));

beforeAll(async () => {
  // The webhook examples' endpoint runs here, on loopback: the guard lets deliveries reach it.
  ctx = await createTestContext({ intakeRateLimit: 20, toolAllowedHosts: ['127.0.0.1'] });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const org = await ctx.createOrg('Guide Examples');
  organizationId = org.id;
  admin = await ctx.createUser('admin', org.id);
  await ctx.createUser('operator', org.id);
  await ctx.createUser('manager', org.id);
  const workflow = await createTestWorkflow(ctx.db, org.id, { status: 'active', graph: approvalGraph() });
  await insertTool(ctx.db, org.id, 'lookup_customer');
  const applicationId = await startTestCase(ctx, workflow.id, org.id);
  // More than a page of 100 for the cursor's example: finished cases of the last few hours.
  await ctx.db.query(
    `insert into applications (organization_id, workflow_id, workflow_version, status, outcome, created_at, updated_at, completed_at)
     select $1, $2, 1, 'completed', 'approved', now() - make_interval(mins => g), now() - make_interval(mins => g), now() - make_interval(mins => g)
       from generate_series(1, 120) g`,
    [org.id, workflow.id],
  );
  const session = await ctx.login(admin.email);
  vars = {
    PORTAL_URL: portalUrl(ctx.app),
    PORTAL_EMAIL: admin.email,
    PORTAL_PASSWORD: TEST_PASSWORD,
    TOKEN: session.access_token,
    // Its own session: the refresh example rotates it.
    REFRESH_TOKEN: (await ctx.login(admin.email)).refresh_token,
    API_KEY: (await createTestApiKey(ctx.db, org.id)).key,
    WORKFLOW_ID: workflow.id,
    APPLICATION_ID: applicationId,
    ORGANIZATION_ID: org.id,
    LAST_EVENT_ID: '',
  };
  workDir = mkdtempSync(path.join(tmpdir(), 'api-guide-'));
});

afterAll(async () => {
  await new Promise((resolve) => (receiver ? receiver.close(resolve) : resolve(undefined)));
  if (workDir) rmSync(workDir, { recursive: true, force: true });
  await ctx?.close();
});

describe('the API guide (docs/guide/api.md)', () => {
  it('has a check here for every example, in the order of the page', () => {
    expect(examples.map((e) => e.name)).toEqual(Object.keys(CHECKS));
  });

  for (const example of examples) {
    it(`runs the example "${example.name}" and answers what the page shows`, async () => {
      const check = CHECKS[example.name];
      if (!check) throw new Error(`No check for the example ${example.name}`);
      const run = runExample(example.code, { ...vars, ...(await check.env?.()) }, workDir);
      await check.during?.(run.output);
      const output = await run.done;
      expect(output, `the answer shown for ${example.name}`).toMatch(answerPattern(example.answer));
      await check.expect(output);
    });
  }

  it('reads an answer as the page shows it: … for anything, spacing free', () => {
    expect('{"a":1,"b":"x"}').toMatch(answerPattern('{ "a": 1, … }'));
    expect('{"a":2}').not.toMatch(answerPattern('{ "a": 1 }'));
    expect('HTTP/1.1 200 OK\nx: y\n\n{}').toMatch(answerPattern('HTTP/1.1 200 OK\n…\n\n{}'));
    expect('HTTP/1.1 500 Internal Server Error\n\n{}').not.toMatch(answerPattern('HTTP/1.1 200 OK\n…'));
  });
});
