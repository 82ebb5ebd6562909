/**
 * GET /api/metrics over real HTTP on a real app and database: the text is Prometheus exposition with the series
 * operators rely on (request latency by route pattern, 4xx counts, the job queue, step outcomes, stream clients,
 * database connections); who may scrape (token, loopback); and the request id carried from an intake request into
 * the job it queues and into the worker's log lines for it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createTestContext, type TestContext, type TestUser } from '../../test/harness.ts';
import { asKey, chainGraph, createTestApiKey, settled, waitForCase, type TestApiKey } from '../../test/applications.factory.ts';
import { createTestWorkflow } from '../../test/workflows.factory.ts';
import { METRICS_MESSAGES } from './metrics-access.ts';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/**
 * Parses the Prometheus text format (0.0.4); throws on a line that is neither a comment nor a sample. Values are Go
 * floats, so `Nan` (prom-client's spelling for an event loop measure not yet taken) is one as well.
 */
function parseExposition(text: string): { samples: Sample[]; types: Map<string, string> } {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const type = /^# TYPE (\w+) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      types.set(type[1]!, type[2]!);
      continue;
    }
    if (line.startsWith('# HELP ')) continue;
    const sample = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (-?[\d.eE+-]+|NaN|Nan|\+Inf|-Inf)$/.exec(line);
    if (!sample) throw new Error(`not a Prometheus line: ${line}`);
    const labels: Record<string, string> = {};
    for (const m of (sample[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[m[1]!] = m[2]!;
    samples.push({ name: sample[1]!, labels, value: Number(sample[3]) });
  }
  return { samples, types };
}

const find = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
const valueOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) => find(samples, name, labels)[0]?.value;

let ctx: TestContext;
let base = '';
let org: { id: string };
let admin: TestUser;
let key: TestApiKey;

async function scrape(): Promise<Sample[]> {
  const res = await fetch(`${base}/api/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseExposition(await res.text()).samples;
}

/** Scrapes until `ok` holds (the thing measured happens in the background), failing after a few seconds. */
async function scrapeUntil(ok: (samples: Sample[]) => boolean): Promise<Sample[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const samples = await scrape();
    if (ok(samples)) return samples;
    if (Date.now() > deadline) throw new Error('metrics never reached the expected values');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('GET /api/metrics', () => {
  beforeAll(async () => {
    // No worker here, so queued jobs stay queued and can be counted; a second app below runs them.
    ctx = await createTestContext({ runtimeWorker: false });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    org = await ctx.createOrg('Metrics Org');
    admin = await ctx.createUser('admin', org.id);
    key = await createTestApiKey(ctx.db, org.id);
  });
  afterAll(() => ctx?.close());

  it('is Prometheus text with latency by route pattern, 4xx counts and the process metrics', async () => {
    const headers = await ctx.headers(admin);
    const missing = randomUUID();
    expect((await fetch(`${base}/api/admin/users/${missing}`, { headers })).status).toBe(404);
    expect((await fetch(`${base}/api/admin/users/${admin.id}`, { headers })).status).toBe(200);
    expect((await fetch(`${base}/api/no-such-route/${missing}`)).status).toBe(404);

    const res = await fetch(`${base}/api/metrics`);
    expect(res.status).toBe(200);
    const text = await res.text();
    const { samples, types } = parseExposition(text);
    expect(types.get('http_request_duration_seconds')).toBe('histogram');
    expect(types.get('http_request_errors_total')).toBe('counter');

    const route = { method: 'GET', route: '/api/admin/users/:id' };
    expect(valueOf(samples, 'http_request_duration_seconds_count', { ...route, status_class: '2xx' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(samples, 'http_request_duration_seconds_count', { ...route, status_class: '4xx' })).toBe(1);
    expect(valueOf(samples, 'http_request_duration_seconds_bucket', { ...route, status_class: '4xx', le: '+Inf' })).toBe(1);
    expect(valueOf(samples, 'http_request_duration_seconds_sum', { ...route, status_class: '4xx' })).toBeGreaterThan(0);
    expect(valueOf(samples, 'http_request_errors_total', { ...route, status_class: '4xx' })).toBe(1);
    expect(find(samples, 'http_request_errors_total', { ...route, status_class: '2xx' })).toEqual([]);
    // Raw URLs never become labels: an unknown path counts under one label.
    expect(text).not.toContain(missing);
    expect(valueOf(samples, 'http_request_errors_total', { method: 'GET', route: 'unmatched', status_class: '4xx' })).toBeGreaterThanOrEqual(1);

    expect(valueOf(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(valueOf(samples, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(valueOf(samples, 'portal_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(samples, 'portal_db_pool_connections', { state: 'waiting' })).toBeGreaterThanOrEqual(0);
  });

  it('counts the job queue by kind, with the age of the oldest due job, from the jobs table', async () => {
    await ctx.db.query(
      `insert into jobs (kind, run_at) values ('metrics_test', now() - interval '90 seconds'), ('metrics_test', now() - interval '5 seconds'),
              ('metrics_test', now() + interval '1 hour')`,
    );
    try {
      const samples = await scrape();
      expect(valueOf(samples, 'portal_jobs_queued', { kind: 'metrics_test' })).toBe(3);
      expect(valueOf(samples, 'portal_jobs_due', { kind: 'metrics_test' })).toBe(2);
      expect(valueOf(samples, 'portal_jobs_running', { kind: 'metrics_test' })).toBe(0);
      const age = valueOf(samples, 'portal_jobs_oldest_due_age_seconds', { kind: 'metrics_test' })!;
      expect(age).toBeGreaterThanOrEqual(90);
      expect(age).toBeLessThan(3_600);
    } finally {
      await ctx.db.query(`delete from jobs where kind = 'metrics_test'`);
    }
    expect(find(await scrape(), 'portal_jobs_queued', { kind: 'metrics_test' })).toEqual([]);
  });

  it('counts live stream clients while a stream is open, and none after it closes', async () => {
    const before = valueOf(await scrape(), 'portal_stream_clients');
    expect(before).toBe(0);
    const abort = new AbortController();
    const res = await fetch(`${base}/api/admin/applications/stream`, {
      headers: { ...(await ctx.headers(admin)), accept: 'text/event-stream' },
      signal: abort.signal,
    });
    expect(res.status).toBe(200);
    const reading = res.body!.pipeTo(new WritableStream()).catch(() => undefined);
    try {
      await scrapeUntil((s) => valueOf(s, 'portal_stream_clients') === 1);
    } finally {
      abort.abort();
      await reading;
    }
    await scrapeUntil((s) => valueOf(s, 'portal_stream_clients') === 0);
  });

  describe('a case started through the intake API', () => {
    let worker: FastifyInstance;
    const lines: Record<string, unknown>[] = [];

    beforeAll(async () => {
      // A second app on the same database runs the worker, logging as JSON into `lines`.
      const stream = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
      const secrets = { jwtSecret: randomBytes(32).toString('hex'), secretKey: randomBytes(32).toString('hex') };
      // Made ready (its worker started) in the test, once the queued job has been looked at.
      worker = await buildApp({ config: { ...ctx.config, runtimeWorker: true }, db: ctx.db, secrets, logger: { level: 'info', stream } });
    });
    afterAll(() => worker?.close());

    it('queues its job with the request id, the worker logs the job with it, and its steps are counted', async () => {
      const wf = await createTestWorkflow(ctx.db, org.id, { status: 'active', graph: chainGraph([]) });
      const requestId = `intake-${randomUUID()}`;
      const res = await asKey(ctx, key, {
        method: 'POST',
        url: '/api/public/v1/applications',
        payload: { workflow_id: wf.id, applicant: { name: 'Ada Lovelace', email: 'ada@example.com' } },
        headers: { 'x-request-id': requestId },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.headers['x-request-id']).toBe(requestId);
      const id = res.json().id as string;
      const job = await ctx.db.query<{ id: string; payload: { request_id?: string } }>(`select id, payload from jobs where application_id = $1`, [id]);
      expect(job.rows[0]?.payload.request_id).toBe(requestId);

      await worker.ready();
      expect((await waitForCase(ctx.db, id, settled)).status).toBe('completed');
      const mine = lines.filter((l) => l.request_id === requestId);
      expect(mine.length).toBeGreaterThan(0);
      expect(mine[0]).toMatchObject({ job_id: job.rows[0]!.id, application_id: id, kind: 'advance_application', msg: 'runtime: case moved on' });

      // Counted by the process that ran the steps (the worker's app), as each process reports its own.
      const scraped = await worker.inject({ method: 'GET', url: '/api/metrics' });
      expect(scraped.statusCode, scraped.body).toBe(200);
      const samples = parseExposition(scraped.body).samples;
      expect(valueOf(samples, 'portal_step_outcomes_total', { step_type: 'start', outcome: 'completed' })).toBeGreaterThanOrEqual(1);
      expect(valueOf(samples, 'portal_step_outcomes_total', { step_type: 'end', outcome: 'ended_case' })).toBeGreaterThanOrEqual(1);
    });
  });
});

describe('who may scrape GET /api/metrics', () => {
  let local: TestContext;
  let guarded: FastifyInstance;
  const token = randomBytes(24).toString('base64url');

  beforeAll(async () => {
    local = await createTestContext({ runtimeWorker: false });
    guarded = await local.anotherApp({ metricsToken: token });
  });
  afterAll(() => local?.close());

  it('with METRICS_TOKEN set: 401 without the token or with a wrong one, 200 with it', async () => {
    const none = await guarded.inject({ method: 'GET', url: '/api/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ detail: METRICS_MESSAGES.tokenMissing });
    const wrong = await guarded.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${token}x` } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ detail: METRICS_MESSAGES.tokenWrong });
    const right = await guarded.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${token}` }, remoteAddress: '203.0.113.9' });
    expect(right.statusCode).toBe(200);
    expect(parseExposition(right.body).samples.length).toBeGreaterThan(0);
  });

  it('without a token: loopback callers only (the socket address, not X-Forwarded-For), others 403', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1']) {
      expect((await local.app.inject({ method: 'GET', url: '/api/metrics', remoteAddress })).statusCode).toBe(200);
    }
    const remote = await local.app.inject({ method: 'GET', url: '/api/metrics', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(403);
    expect(remote.json()).toEqual({ detail: METRICS_MESSAGES.notLoopback });

    const proxied = await local.anotherApp({ trustProxy: true });
    const forged = await proxied.inject({ method: 'GET', url: '/api/metrics', remoteAddress: '203.0.113.9', headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(forged.statusCode).toBe(403);
  });

  it('refuses query parameters like every operation (400 with validation_errors)', async () => {
    const res = await local.app.inject({ method: 'GET', url: '/api/metrics?format=json' });
    expect(res.statusCode).toBe(400);
    expect(res.json().validation_errors).toEqual([{ field: 'format', message: expect.any(String) }]);
  });
});
