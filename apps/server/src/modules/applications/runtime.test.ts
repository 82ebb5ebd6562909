/**
 * Cases running through workflows end to end over the public API: every step type, waits and decisions,
 * pinning to the version a case started on, retries with backoff, cancel and retry by staff, and the events
 * each transition leaves.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../../test/harness.ts';
import { asKey, chainGraph, createTestApiKey, settled, testLink, testStep, waitForCase, type TestApiKey } from '../../test/applications.factory.ts';
import { createTestTool } from '../../test/tools.factory.ts';
import { createTestWorkflow, sampleGraph } from '../../test/workflows.factory.ts';

let ctx: TestContext;
let org: { id: string };
let key: TestApiKey;
let operator: TestUser;
let manager: TestUser;
let target: http.Server;
let targetUrl = '';
let failuresLeft = 0;

const start = (workflowId: string, data: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  asKey(ctx, key, {
    method: 'POST',
    url: '/api/public/v1/applications',
    payload: { workflow_id: workflowId, applicant: { name: 'Ada Lovelace', email: 'ada@example.com' }, data },
    headers,
  });

async function events(id: string): Promise<string[]> {
  const res = await ctx.db.query<{ type: string }>('select type from application_events where application_id = $1 order by seq', [id]);
  return res.rows.map((r) => r.type);
}

describe('applications running through workflows', () => {
  beforeAll(async () => {
    target = http.createServer((req, res) => {
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"busy"}');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ score: 81, checked: true }));
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/check`;
    ctx = await createTestContext({ toolAllowedHosts: ['127.0.0.1'], retryBaseMs: 20 });
    await ctx.app.ready();
    org = await ctx.createOrg('Runtime Org');
    key = await createTestApiKey(ctx.db, org.id);
    operator = await ctx.createUser('operator', org.id);
    manager = await ctx.createUser('manager', org.id);
  });
  afterAll(async () => {
    await ctx?.close();
    target?.close();
  });

  it('waits for the form, takes the answers, waits for the approval, and completes on the decision', async () => {
    const wf = await createTestWorkflow(ctx.db, org.id, { status: 'active' });
    const res = await start(wf.id);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ status: 'pending', workflow_id: wf.id, status_url: `/api/public/v1/applications/${created.id}` });
    expect(res.headers.location).toBe(created.status_url);

    await waitForCase(ctx.db, created.id, (c) => c.waiting_for === 'form');
    const status = (await asKey(ctx, key, { method: 'GET', url: created.status_url })).json();
    expect(status).toMatchObject({ status: 'waiting', waiting_for: 'form', current_step: { id: wf.steps.details, type: 'form' } });
    expect(status.required).toMatchObject({ step_id: wf.steps.details, title: 'Details', fields: [{ key: 'full_name', type: 'text', required: true }] });

    const missing = await asKey(ctx, key, { method: 'POST', url: status.required.submit_url, payload: {} });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().validation_errors).toEqual([{ field: 'full_name', message: 'This field is required' }]);
    const unknown = await asKey(ctx, key, { method: 'POST', url: status.required.submit_url, payload: { full_name: 'Ada', shoe_size: 38 } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().validation_errors).toEqual([{ field: 'shoe_size', message: 'Unknown field' }]);

    const answered = await asKey(ctx, key, { method: 'POST', url: status.required.submit_url, payload: { full_name: 'Ada King' } });
    expect(answered.statusCode, answered.body).toBe(200);
    const waiting = await waitForCase(ctx.db, created.id, (c) => c.waiting_for === 'approval');
    expect(waiting.data).toMatchObject({ full_name: 'Ada King' });

    const tasks = (await ctx.as(operator, { method: 'GET', url: '/api/admin/applications/review-tasks' })).json();
    const task = tasks.items.find((t: { application_id: string }) => t.application_id === created.id);
    expect(task).toMatchObject({ assignee_role: 'operator', status: 'open', overdue: false, applicant_name: 'Ada Lovelace' });

    const notMine = await ctx.as(manager, {
      method: 'POST',
      url: `/api/admin/applications/review-tasks/${task.id}/decision`,
      payload: { decision: 'approve' },
    });
    expect(notMine.statusCode).toBe(403);
    const noComment = await ctx.as(operator, {
      method: 'POST',
      url: `/api/admin/applications/review-tasks/${task.id}/decision`,
      payload: { decision: 'reject' },
    });
    expect(noComment.statusCode).toBe(422);
    const decided = await ctx.as(operator, {
      method: 'POST',
      url: `/api/admin/applications/review-tasks/${task.id}/decision`,
      payload: { decision: 'approve', comment: 'Looks fine' },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json()).toMatchObject({ status: 'approved', comment: 'Looks fine', decided_by: operator.id });
    const again = await ctx.as(operator, { method: 'POST', url: `/api/admin/applications/review-tasks/${task.id}/decision`, payload: { decision: 'approve' } });
    expect(again.statusCode).toBe(409);

    const done = await waitForCase(ctx.db, created.id, (c) => c.status === 'completed');
    expect(done.outcome).toBe('approved');
    expect(await events(created.id)).toEqual([
      'application_created',
      'step_entered',
      'step_completed',
      'step_entered',
      'waiting',
      'form_submitted',
      'step_completed',
      'step_entered',
      'waiting',
      'review_decided',
      'step_completed',
      'step_entered',
      'step_completed',
      'application_completed',
    ]);
  });

  it('runs tool, condition, ai, internal notification and delay steps in order', async () => {
    const tool = await createTestTool(ctx.db, org.id, { status: 'approved' });
    const graph = {
      steps: [
        testStep('start', 'start', { trigger: 'api', required_fields: ['first_name'] }),
        testStep('name', 'tool', {
          tool_name: tool.name,
          input_mapping: { first_name: 'data.first_name', last_name: 'data.last_name' },
          output_field: 'named',
        }),
        testStep('check', 'condition', { branches: [{ id: 'adult', label: 'Adult', expression: 'data.age >= 18' }], otherwise: true }),
        testStep('judge', 'ai', {
          mode: 'decision',
          prompt: 'approve if data.age >= 21\nreview if data.age < 21',
          options: ['approve', 'review'],
          output_field: 'verdict',
        }),
        testStep('tell', 'notification', {
          channel: 'internal',
          to: 'operator',
          subject: 'New case {{data.first_name}}',
          message: 'Verdict: {{data.verdict.decision}}',
        }),
        testStep('pause', 'delay', { amount: 1, unit: 'seconds' }),
        testStep('ok', 'end', { outcome: 'approved' }),
        testStep('minor', 'end', { outcome: 'rejected' }),
      ],
      connections: [
        testLink('start', 'name'),
        testLink('name', 'check'),
        testLink('check', 'judge', 'adult'),
        testLink('check', 'minor', 'otherwise'),
        testLink('judge', 'tell'),
        testLink('tell', 'pause'),
        testLink('pause', 'ok'),
      ],
    };
    const wf = await createTestWorkflow(ctx.db, org.id, { status: 'active', graph });

    const refused = await start(wf.id, { last_name: 'Lovelace' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().validation_errors).toEqual([{ field: 'data.first_name', message: 'This field is required' }]);

    const adult = (await start(wf.id, { first_name: 'Ada', last_name: 'Lovelace', age: 36 })).json();
    const minor = (await start(wf.id, { first_name: 'Tim', last_name: 'Small', age: 12 })).json();
    const a = await waitForCase(ctx.db, adult.id, (c) => c.status === 'completed');
    // The delay step held the case for its second (a lower bound: a loaded machine can only make it longer).
    const held = await ctx.db.query<{ seconds: number }>(
      `select extract(epoch from completed_at - entered_at)::float8 as seconds from application_steps where application_id = $1 and step_type = 'delay'`,
      [adult.id],
    );
    expect(held.rows[0]!.seconds).toBeGreaterThanOrEqual(1);
    expect(a.outcome).toBe('approved');
    expect(a.data).toMatchObject({ named: { full_name: 'Ada Lovelace' }, verdict: { provider: 'built-in', decision: 'approve' } });
    const m = await waitForCase(ctx.db, minor.id, (c) => c.status === 'completed');
    expect(m.outcome).toBe('rejected');

    const note = await ctx.db.query<{ title: string; body: string; recipient_role: string }>(
      'select title, body, recipient_role from staff_notifications where application_id = $1',
      [adult.id],
    );
    expect(note.rows).toEqual([{ title: 'New case Ada', body: 'Verdict: approve', recipient_role: 'operator' }]);
    const calls = await ctx.db.query<{ caller_type: string; status: string }>('select caller_type, status from tool_executions where caller_id = $1', [
      adult.id,
    ]);
    expect(calls.rows).toEqual([{ caller_type: 'workflow', status: 'success' }]);

    const detail = (await ctx.as(operator, { method: 'GET', url: `/api/admin/applications/${adult.id}` })).json();
    expect(detail.steps.map((s: { step_type: string; status: string }) => `${s.step_type}:${s.status}`)).toEqual([
      'start:completed',
      'tool:completed',
      'condition:completed',
      'ai:completed',
      'notification:completed',
      'delay:completed',
      'end:completed',
    ]);
    expect(detail.tool_calls).toHaveLength(1);
    // Tool analytics names the caller of a runtime call: the workflow and the applicant.
    const runs = (await ctx.as(manager, { method: 'GET', url: `/api/admin/tools/executions?caller_type=workflow&tool_id=${tool.id}` })).json() as {
      items: { caller_id: string; caller_name: string }[];
    };
    expect(runs.items.find((r) => r.caller_id === adult.id)?.caller_name).toBe(`${detail.workflow_name} · Ada Lovelace`);
  });

  it('runs many cases at once through a tool that only computes (inside their transactions) without waiting on each other', async () => {
    const tool = await createTestTool(ctx.db, org.id, { status: 'approved' });
    const wf = await createTestWorkflow(ctx.db, org.id, {
      status: 'active',
      graph: chainGraph([
        ['name', 'tool', { tool_name: tool.name, input_mapping: { first_name: 'data.first', last_name: 'data.last' }, output_field: 'named' }],
      ]),
    });
    const ids = await Promise.all(Array.from({ length: 40 }, async (_, i) => (await start(wf.id, { first: `A${i}`, last: 'B' })).json().id as string));
    for (const [i, id] of ids.entries()) {
      const done = await waitForCase(ctx.db, id, (c) => c.status === 'completed');
      expect(done.data.named).toEqual({ full_name: `A${i} B` });
    }
    const runs = await ctx.db.query<{ n: number }>(`select count(*)::int as n from tool_executions where caller_id = any($1::text[]) and status = 'success'`, [
      ids,
    ]);
    expect(runs.rows[0]!.n).toBe(40);
  });

  it('keeps emails undelivered in the outbox when no SMTP server is set up, and goes on', async () => {
    const wf = await createTestWorkflow(ctx.db, org.id, {
      status: 'active',
      graph: chainGraph([['mail', 'notification', { channel: 'email', to: '{{applicant.email}}', subject: 'Hello {{applicant.name}}', message: 'Welcome' }]]),
    });
    const created = (await start(wf.id)).json();
    await waitForCase(ctx.db, created.id, (c) => c.status === 'completed');
    const kept = await ctx.db.query<{ to_address: string; subject: string; body: string }>(
      'select to_address, subject, body from mail_outbox where application_id = $1',
      [created.id],
    );
    expect(kept.rows).toEqual([{ to_address: 'ada@example.com', subject: 'Hello Ada Lovelace', body: 'Welcome' }]);
    const step = await ctx.db.query<{ output: { delivered: boolean; reason: string } }>(
      `select output from application_steps where application_id = $1 and step_type = 'notification'`,
      [created.id],
    );
    expect(step.rows[0]!.output).toMatchObject({ delivered: false, reason: expect.stringContaining('SMTP_URL') });
  });

  it('retries a failing tool with backoff, then goes on when it answers', async () => {
    const tool = await createTestTool(ctx.db, org.id, {
      status: 'approved',
      toolType: 'http_request',
      config: { method: 'GET', url: targetUrl, timeout_ms: 2000, retries: 0 },
      inputSchema: { type: 'object', properties: {} },
    });
    const wf = await createTestWorkflow(ctx.db, org.id, {
      status: 'active',
      graph: chainGraph([['call', 'tool', { tool_name: tool.name, retries: 3, output_field: 'check' }]]),
    });
    failuresLeft = 2;
    const created = (await start(wf.id)).json();
    const done = await waitForCase(ctx.db, created.id, (c) => c.status === 'completed');
    expect(done.data).toMatchObject({ check: { score: 81 } });
    const types = await events(created.id);
    expect(types.filter((t) => t === 'retry_scheduled')).toHaveLength(2);
    const run = await ctx.db.query<{ attempts: number }>(`select attempts from application_steps where application_id = $1 and step_type = 'tool'`, [
      created.id,
    ]);
    expect(run.rows[0]!.attempts).toBe(3);
  });

  it('fails the case when the retries run out, and staff can retry it', async () => {
    const tool = await createTestTool(ctx.db, org.id, {
      status: 'approved',
      toolType: 'http_request',
      config: { method: 'GET', url: targetUrl, timeout_ms: 2000, retries: 0 },
      inputSchema: { type: 'object', properties: {} },
    });
    const wf = await createTestWorkflow(ctx.db, org.id, {
      status: 'active',
      graph: chainGraph([['call', 'tool', { tool_name: tool.name, retries: 1, output_field: 'check' }]]),
    });
    failuresLeft = 5;
    const created = (await start(wf.id)).json();
    const failed = await waitForCase(ctx.db, created.id, (c) => c.status === 'failed');
    expect(failed.error).toMatch(/503/);
    failuresLeft = 0;
    const retried = await ctx.as(operator, { method: 'POST', url: `/api/admin/applications/${created.id}/retry` });
    expect(retried.statusCode, retried.body).toBe(200);
    const done = await waitForCase(ctx.db, created.id, (c) => c.status === 'completed');
    expect(done.error).toBeNull();
    expect(await events(created.id)).toContain('application_retried');
  });

  it('keeps a case on the version it started on when the workflow changes', async () => {
    const wf = await createTestWorkflow(ctx.db, org.id, { status: 'active' });
    const created = (await start(wf.id)).json();
    await waitForCase(ctx.db, created.id, (c) => c.waiting_for === 'form');
    // The new version asks for nothing: start → end.
    const save = await ctx.as(manager, { method: 'PUT', url: `/api/admin/workflows/${wf.id}/complete`, payload: { graph: chainGraph([], 'rejected') } });
    expect(save.statusCode, save.body).toBe(200);
    const status = (await asKey(ctx, key, { method: 'GET', url: created.status_url })).json();
    expect(status.required.fields.map((f: { key: string }) => f.key)).toEqual(['full_name']);
    await asKey(ctx, key, { method: 'POST', url: status.required.submit_url, payload: { full_name: 'Ada' } });
    await waitForCase(ctx.db, created.id, (c) => c.waiting_for === 'approval');
    const fresh = (await start(wf.id)).json();
    const freshDone = await waitForCase(ctx.db, fresh.id, (c) => c.status === 'completed');
    expect(freshDone.outcome).toBe('rejected');
  });

  it('answers the same application to the same Idempotency-Key and body, and 409 to another body', async () => {
    const wf = await createTestWorkflow(ctx.db, org.id, { status: 'active' });
    const headers = { 'idempotency-key': `order-${Math.random()}` };
    const first = await start(wf.id, { a: 1 }, headers);
    const second = await start(wf.id, { a: 1 }, headers);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().id).toBe(first.json().id);
    const other = await start(wf.id, { a: 2 }, headers);
    expect(other.statusCode).toBe(409);
    const count = await ctx.db.query<{ n: number }>('select count(*)::int as n from applications where idempotency_key = $1', [headers['idempotency-key']]);
    expect(count.rows[0]!.n).toBe(1);
  });

  it('refuses a draft workflow, another organization, and requests without an intake key', async () => {
    const draft = await createTestWorkflow(ctx.db, org.id, { status: 'draft' });
    const res = await start(draft.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().validation_errors[0].field).toBe('workflow_id');

    const otherOrg = await ctx.createOrg('Runtime Other');
    const theirs = await createTestWorkflow(ctx.db, otherOrg.id, { status: 'active' });
    expect((await start(theirs.id)).statusCode).toBe(422);
    const theirKey = await createTestApiKey(ctx.db, otherOrg.id);
    const mine = (await start((await createTestWorkflow(ctx.db, org.id, { status: 'active' })).id)).json();
    expect((await asKey(ctx, theirKey, { method: 'GET', url: mine.status_url })).statusCode).toBe(404);

    const mcpOnly = await createTestApiKey(ctx.db, org.id, { scopes: ['mcp'] });
    expect((await asKey(ctx, mcpOnly, { method: 'GET', url: mine.status_url })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: mine.status_url })).statusCode).toBe(401);
  });

  it('cancels a waiting case: its review closes and it runs no more', async () => {
    const wf = await createTestWorkflow(ctx.db, org.id, { status: 'active' });
    const created = (await start(wf.id, { full_name: 'Given at intake' })).json();
    // The form's field came with the application: the case goes straight to the approval.
    await waitForCase(ctx.db, created.id, (c) => c.waiting_for === 'approval');
    const cancelled = await ctx.as(operator, { method: 'POST', url: `/api/admin/applications/${created.id}/cancel`, payload: { reason: 'Customer withdrew' } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', outcome: 'cancelled' });
    const tasks = await ctx.db.query<{ status: string }>('select status from review_tasks where application_id = $1', [created.id]);
    expect(tasks.rows).toEqual([{ status: 'cancelled' }]);
    expect((await ctx.as(operator, { method: 'POST', url: `/api/admin/applications/${created.id}/cancel` })).statusCode).toBe(409);
  });

  it('lists cases with filters and keyset pages, and erases one', async () => {
    const wf = await createTestWorkflow(ctx.db, org.id, { status: 'active', graph: sampleGraph() });
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push((await start(wf.id)).json().id);
    for (const id of ids) await waitForCase(ctx.db, id, settled);
    const page1 = (await ctx.as(operator, { method: 'GET', url: `/api/admin/applications/?workflow_id=${wf.id}&limit=2` })).json();
    expect(page1.items).toHaveLength(2);
    expect(page1.total).toBe(5);
    expect(page1.items[0]).toMatchObject({ workflow_name: expect.any(String), status: 'waiting', waiting_for: 'form', current_step_type: 'form' });
    const page2 = (await ctx.as(operator, { method: 'GET', url: `/api/admin/applications/?workflow_id=${wf.id}&limit=2&cursor=${page1.next_cursor}` })).json();
    const page3 = (await ctx.as(operator, { method: 'GET', url: `/api/admin/applications/?workflow_id=${wf.id}&limit=2&cursor=${page2.next_cursor}` })).json();
    expect([...page1.items, ...page2.items, ...page3.items].map((a: { id: string }) => a.id).sort()).toEqual([...ids].sort());
    expect(page3.next_cursor).toBeNull();
    const search = (await ctx.as(operator, { method: 'GET', url: `/api/admin/applications/?q=ada@example&workflow_id=${wf.id}` })).json();
    expect(search.total).toBe(5);
    expect((await ctx.as(operator, { method: 'GET', url: '/api/admin/applications/?cursor=bogus' })).statusCode).toBe(422);

    const admin = await ctx.createUser('admin', org.id);
    expect((await ctx.as(operator, { method: 'DELETE', url: `/api/admin/applications/${ids[0]}` })).statusCode).toBe(403);
    const erased = await ctx.as(admin, { method: 'DELETE', url: `/api/admin/applications/${ids[0]}` });
    expect(erased.statusCode).toBe(200);
    expect((await ctx.as(admin, { method: 'GET', url: `/api/admin/applications/${ids[0]}` })).statusCode).toBe(404);
    const left = await ctx.db.query<{ n: number }>(
      'select (select count(*) from application_events where application_id = $1) + (select count(*) from application_steps where application_id = $1) as n',
      [ids[0]],
    );
    expect(Number(left.rows[0]!.n)).toBe(0);
    const audit = await ctx.db.query<{ action: string }>(`select action from audit_logs where target_id = $1`, [ids[0]]);
    expect(audit.rows).toEqual([{ action: 'application.delete' }]);
  });

  it("erases what a deleted case's tool calls carried, keeping their status and timing", async () => {
    const tool = await createTestTool(ctx.db, org.id, { status: 'approved' });
    const wf = await createTestWorkflow(ctx.db, org.id, {
      status: 'active',
      graph: chainGraph([
        ['name', 'tool', { tool_name: tool.name, input_mapping: { first_name: 'data.first', last_name: 'data.last' }, output_field: 'named' }],
      ]),
    });
    const id = (await start(wf.id, { first: 'Private', last: 'Person' })).json().id;
    await waitForCase(ctx.db, id, (c) => c.status === 'completed');
    const admin = await ctx.createUser('admin', org.id);
    expect((await ctx.as(admin, { method: 'DELETE', url: `/api/admin/applications/${id}` })).statusCode).toBe(200);
    const calls = await ctx.db.query<{ status: string; input: unknown; output: unknown; latency_ms: number }>(
      'select status, input, output, latency_ms from tool_executions where caller_id = $1',
      [id],
    );
    expect(calls.rows).toEqual([{ status: 'success', input: null, output: null, latency_ms: expect.any(Number) }]);
  });
});
