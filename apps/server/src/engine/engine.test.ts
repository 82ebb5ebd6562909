/**
 * The engine on its own: a real database (PGlite), fake ports (engine/fake-ports.ts) for everything outside, and no
 * HTTP — cases moved by `advanceApplication` and the commands modules call, as the worker and the services do.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkflowGraph } from '@admin-portal/contract/workflows/graph';
import { createDb, type Db } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { createOrganizationRow } from '../modules/organizations/organizations.queries.ts';
import { insertUser } from '../modules/users/users.queries.ts';
import { createTestWorkflow, insertTool, type TestWorkflow } from '../test/workflows.factory.ts';
import { advanceApplication, RETRY_MAX_MS } from './advance.ts';
import { cancelCase, caseAtStep, decideReview, lockCase, submitForm, waitsForForm, waitsForReview } from './commands.ts';
import type { RuntimeDeps } from './executors/types.ts';
import { fakePorts, type FakePorts } from './fake-ports.ts';

const RETRY_BASE_MS = 1_000;
const START = Date.parse('2026-11-29T12:00:00Z');

let db: Db;
let organizationId: string;
/** A member of staff who decides reviews and cancels cases. */
let staffId: string;

beforeAll(async () => {
  db = await createDb({});
  await migrate(db);
  organizationId = (await createOrganizationRow(db, { name: 'Engine tests' })).id;
  staffId = await insertUser(db, {
    organization_id: organizationId,
    email: 'lead@example.com',
    first_name: 'Lead',
    last_name: 'Reviewer',
    role: 'operator',
    permissions: [],
    password_hash: 'not used',
  });
});
afterAll(() => db?.close());

const step = (id: string, type: string, config: Record<string, unknown>, x = 0) => ({ id, type, name: id, config, position: { x, y: 0 } });
const link = (source: string, target: string, condition: string | null = null) => ({ source, target, condition, label: null });

function depsWith(ports: FakePorts): RuntimeDeps {
  return { db, secretKey: 'k'.repeat(64), retryBaseMs: RETRY_BASE_MS, ...ports };
}

/** An active workflow (the tools its steps name exist, approved, for the activation checks; the fake runner answers them). */
async function workflowOf(graph: WorkflowGraph): Promise<TestWorkflow> {
  for (const s of graph.steps) {
    const name = s.type === 'tool' ? String(s.config.tool_name) : null;
    if (name && !(await db.query('select 1 from tools where organization_id = $1 and name = $2', [organizationId, name])).rows.length)
      await insertTool(db, organizationId, name);
  }
  return createTestWorkflow(db, organizationId, { status: 'active', graph });
}

async function newCase(wf: TestWorkflow, data: Record<string, unknown> = {}): Promise<string> {
  const res = await db.query<{ id: string }>(
    `insert into applications (organization_id, workflow_id, workflow_version, applicant, data) values ($1, $2, 1, $3, $4) returning id`,
    [organizationId, wf.id, JSON.stringify({ name: 'Radia Lamarr', email: 'radia@example.com' }), JSON.stringify(data)],
  );
  return res.rows[0]!.id;
}

interface Visit {
  step_name: string;
  step_type: string;
  status: string;
  attempts: number;
}

async function stateOf(id: string) {
  const app = await db.query<{
    status: string;
    waiting_for: string | null;
    wait_until: Date | null;
    outcome: string | null;
    data: Record<string, unknown>;
    error: string | null;
  }>('select status, waiting_for, wait_until, outcome, data, error from applications where id = $1', [id]);
  const visits = await db.query<Visit>(
    'select step_name, step_type, status, attempts from application_steps where application_id = $1 order by entered_at, id',
    [id],
  );
  const events = await db.query<{ type: string }>('select type from application_events where application_id = $1 order by seq', [id]);
  return { ...app.rows[0]!, visits: visits.rows, events: events.rows.map((e) => e.type) };
}

const ran = (output: unknown) => ({ kind: 'ran' as const, status: 'success', latencyMs: 5, output, error: null });
const failed = (error: string) => ({ kind: 'ran' as const, status: 'error', latencyMs: 5, output: null, error });

describe('the engine with fake ports', () => {
  it('takes a case through every step type, waiting where a person or a timer must act', async () => {
    const graph: WorkflowGraph = {
      steps: [
        step('start', 'start', { trigger: 'api', required_fields: [] }),
        step('details', 'form', {
          title: 'Details',
          instructions: '',
          fields: [{ key: 'full_name', label: 'Full name', type: 'text', required: true, options: [] }],
        }),
        step('score', 'tool', { tool_name: 'scorer', input_mapping: { name: 'data.full_name' }, output_field: 'score', on_error: 'fail', retries: 0 }),
        step('route', 'condition', { branches: [{ id: 'high', label: 'High', expression: 'data.score.value >= 50' }], otherwise: true }),
        step('advice', 'ai', {
          mode: 'decision',
          prompt: 'approve if data.score.value >= 70\nrefer if data.score.value < 70',
          options: ['approve', 'refer'],
          output_field: 'advice',
        }),
        step('review', 'approval', { instructions: 'Check the score', assignee_role: 'operator', sla_hours: 24 }),
        step('cool_off', 'delay', { amount: 5, unit: 'minutes' }),
        step('mail', 'notification', {
          channel: 'email',
          to: '{{applicant.email}}',
          subject: 'Welcome {{applicant.name}}',
          message: 'Score {{data.score.value}}',
        }),
        step('hook', 'notification', { channel: 'webhook', to: 'https://crm.example.com/hooks', subject: 'Approved', message: 'Case {{application.id}}' }),
        step('ok', 'end', { outcome: 'approved' }),
        step('low', 'end', { outcome: 'rejected' }),
        step('no', 'end', { outcome: 'rejected' }),
      ],
      connections: [
        link('start', 'details'),
        link('details', 'score'),
        link('score', 'route'),
        link('route', 'advice', 'high'),
        link('route', 'low', 'otherwise'),
        link('advice', 'review'),
        link('review', 'cool_off', 'approved'),
        link('review', 'no', 'rejected'),
        link('cool_off', 'mail'),
        link('mail', 'hook'),
        link('hook', 'ok'),
      ],
    };
    const wf = await workflowOf(graph);
    const ports = fakePorts({ now: START });
    ports.toolsByName.set('scorer', async (input) => ran({ value: String(input.name).length * 10 }));
    const deps = depsWith(ports);
    const id = await newCase(wf);

    // Into the form, where it waits for the applicant.
    expect(await advanceApplication(deps, id)).toEqual({ next: null, released: false });
    expect(await stateOf(id)).toMatchObject({ status: 'waiting', waiting_for: 'form' });

    await db.transaction(async (tx) => {
      const c = (await lockCase(tx, id))!;
      expect(waitsForForm(c, wf.steps.details!)).toBe(true);
      const at = (await caseAtStep(tx, c, wf.steps.details!, c.current_step_run_id))!;
      await submitForm(tx, db, c, at, { data: { full_name: 'Radia Lamarr' }, files: 0, actor: { type: 'applicant' } });
    });
    // The tool, the condition and the AI step run; the approval opens a review due in 24 h by the engine's clock.
    expect(await advanceApplication(deps, id)).toEqual({ next: null, released: false });
    expect(ports.toolCalls).toEqual([{ toolName: 'scorer', input: { name: 'Radia Lamarr' } }]);
    let state = await stateOf(id);
    expect(state).toMatchObject({ status: 'waiting', waiting_for: 'approval', wait_until: new Date(START + 24 * 3_600_000) });
    expect(state.data).toMatchObject({ full_name: 'Radia Lamarr', score: { value: 120 }, advice: { decision: 'approve', provider: 'built-in' } });

    const review = await db.query<{ id: string; step_id: string; step_run_id: string; due_at: Date; status: string; stage: number }>(
      `select id, step_id, step_run_id, due_at, status, stage from review_tasks where application_id = $1`,
      [id],
    );
    await db.transaction(async (tx) => {
      const c = await lockCase(tx, id);
      const task = review.rows[0]!;
      expect(waitsForReview(c, task)).toBe(true);
      await decideReview(
        tx,
        db,
        c!,
        task,
        { branch: 'approved', comment: 'Score checked', by: { userId: staffId, email: 'lead@example.com' } },
        new Date(START),
      );
    });
    // The delay waits 5 minutes by the engine's clock: the runtime is asked back then.
    expect(await advanceApplication(deps, id)).toEqual({ next: new Date(START + 5 * 60_000), released: false });
    ports.clock.advance(4 * 60_000);
    expect(await advanceApplication(deps, id)).toEqual({ next: new Date(START + 5 * 60_000), released: false });
    expect(ports.sent).toEqual([]);
    ports.clock.advance(60_000);

    expect(await advanceApplication(deps, id)).toEqual({ next: null, released: false });
    expect(ports.sent).toEqual([{ to: 'radia@example.com', subject: 'Welcome Radia Lamarr', text: 'Score 120' }]);
    expect(ports.posted).toHaveLength(1);
    expect(ports.posted[0]!.url).toBe('https://crm.example.com/hooks');
    expect(JSON.parse(ports.posted[0]!.body)).toMatchObject({
      type: 'application.notification',
      message: `Case ${id}`,
      sent_at: new Date(START + 5 * 60_000).toISOString(),
    });
    expect(ports.posted[0]!.headers['x-portal-signature']).toMatch(new RegExp(`^t=${(START + 5 * 60_000) / 1000},v1=[0-9a-f]{64}$`));

    state = await stateOf(id);
    expect(state).toMatchObject({ status: 'completed', outcome: 'approved', error: null });
    expect(state.visits.map((v) => `${v.step_name}:${v.status}`)).toEqual([
      'start:completed',
      'details:completed',
      'score:completed',
      'route:completed',
      'advice:completed',
      'review:completed',
      'cool_off:completed',
      'mail:completed',
      'hook:completed',
      'ok:completed',
    ]);
    expect(state.events).toEqual(expect.arrayContaining(['form_submitted', 'review_decided', 'notification_sent', 'application_completed']));
    // Every step's outcome was counted through the metrics port.
    expect(Object.fromEntries(ports.counted)).toEqual({
      'start/completed': 1,
      'form/waiting': 1,
      'tool/completed': 1,
      'condition/completed': 1,
      'ai/completed': 1,
      'approval/waiting': 1,
      'delay/waiting': 1,
      'delay/completed': 1,
      'notification/completed': 2,
      'end/ended_case': 1,
    });
  });

  it('retries a failing tool with doubling backoff by the clock, then goes on', async () => {
    const wf = await workflowOf({
      steps: [
        step('start', 'start', { trigger: 'api', required_fields: [] }),
        step('check', 'tool', { tool_name: 'flaky', input_mapping: {}, output_field: 'check', on_error: 'fail', retries: 2 }),
        step('end', 'end', { outcome: 'completed' }),
      ],
      connections: [link('start', 'check'), link('check', 'end')],
    });
    const ports = fakePorts({ now: START });
    let calls = 0;
    ports.toolsByName.set('flaky', async () => (++calls < 3 ? failed(`busy (${calls})`) : ran({ ok: true })));
    const deps = depsWith(ports);
    const id = await newCase(wf);

    // First attempt fails: retried after the base backoff (±20 % jitter).
    const first = await advanceApplication(deps, id);
    let state = await stateOf(id);
    expect(state).toMatchObject({ status: 'waiting', waiting_for: 'retry' });
    const firstDelay = first.next!.getTime() - START;
    expect(firstDelay).toBeGreaterThanOrEqual(0.8 * RETRY_BASE_MS);
    expect(firstDelay).toBeLessThanOrEqual(1.2 * RETRY_BASE_MS);
    expect(state.wait_until).toEqual(first.next);

    // Not yet due: nothing runs.
    expect(await advanceApplication(deps, id)).toEqual({ next: first.next, released: false });
    expect(calls).toBe(1);

    // Second attempt fails: the backoff doubles.
    ports.clock.set(first.next!.getTime());
    const second = await advanceApplication(deps, id);
    const secondDelay = second.next!.getTime() - first.next!.getTime();
    expect(secondDelay).toBeGreaterThanOrEqual(0.8 * 2 * RETRY_BASE_MS);
    expect(secondDelay).toBeLessThanOrEqual(1.2 * 2 * RETRY_BASE_MS);

    // Third attempt passes; the visit counts its three attempts.
    ports.clock.set(second.next!.getTime());
    expect(await advanceApplication(deps, id)).toEqual({ next: null, released: false });
    state = await stateOf(id);
    expect(state).toMatchObject({ status: 'completed', outcome: 'completed', data: { check: { ok: true } } });
    expect(state.visits.find((v) => v.step_name === 'check')).toMatchObject({ status: 'completed', attempts: 3 });
    const retries = await db.query<{ attempt: number }>(
      `select (payload->>'attempt')::int as attempt from application_events where application_id = $1 and type = 'retry_scheduled' order by seq`,
      [id],
    );
    expect(retries.rows).toEqual([{ attempt: 1 }, { attempt: 2 }]);
    expect(ports.counted.get('tool/retry_scheduled')).toBe(2);
  });

  it('escalates a review whose 15-minute deadline passes: woken at the deadline, handed on, told, marked once', async () => {
    const officerEmail = `officer.${Date.now()}@example.com`;
    const officerId = await insertUser(db, {
      organization_id: organizationId,
      email: officerEmail,
      first_name: 'Cora',
      last_name: 'Officer',
      role: 'compliance_officer',
      permissions: [],
      password_hash: 'not used',
    });
    const wf = await workflowOf({
      steps: [
        step('start', 'start', { trigger: 'api', required_fields: [] }),
        step('review', 'approval', {
          instructions: 'Sanctions hit: check it',
          assignee_role: 'operator',
          sla_hours: 24,
          sla_minutes: 15,
          escalate: true,
          escalate_to_role: 'compliance_officer',
          escalate_to_email: officerEmail,
          escalate_by_email: true,
        }),
        step('ok', 'end', { outcome: 'approved' }),
        step('no', 'end', { outcome: 'rejected' }),
      ],
      connections: [link('start', 'review'), link('review', 'ok', 'approved'), link('review', 'no', 'rejected')],
    });
    const ports = fakePorts({ now: START });
    const deps = depsWith(ports);
    const id = await newCase(wf);
    const due = new Date(START + 15 * 60_000);

    // The review is due in 15 minutes, and the case is to be woken then.
    expect(await advanceApplication(deps, id)).toEqual({ next: due, released: false });
    const task = async () =>
      (
        await db.query<{ assignee_role: string; claimed_by: string | null; escalated_at: Date | null; due_at: Date }>(
          'select assignee_role, claimed_by, escalated_at, due_at from review_tasks where application_id = $1',
          [id],
        )
      ).rows[0]!;
    expect(await task()).toMatchObject({ assignee_role: 'operator', claimed_by: null, escalated_at: null, due_at: due });
    // Woken early (another job): nothing happens, and it asks to be woken at the deadline again.
    ports.clock.set(START + 10 * 60_000);
    expect(await advanceApplication(deps, id)).toEqual({ next: due, released: false });
    expect((await task()).escalated_at).toBeNull();

    // At the deadline: handed to the compliance officer named, told in the portal and by e-mail, case marked.
    ports.clock.set(due.getTime());
    expect(await advanceApplication(deps, id)).toEqual({ next: null, released: false });
    expect(await task()).toMatchObject({ assignee_role: 'compliance_officer', claimed_by: officerId, escalated_at: expect.any(Date) });
    const marked = await db.query<{ escalated_at: Date | null }>('select escalated_at from applications where id = $1', [id]);
    expect(marked.rows[0]!.escalated_at).not.toBeNull();
    const notices = await db.query('select recipient_role, recipient_user_id, title, body from staff_notifications where application_id = $1', [id]);
    expect(notices.rows).toEqual([
      {
        recipient_role: null,
        recipient_user_id: officerId,
        title: 'Review escalated: review',
        body: `Radia Lamarr's review "review" passed its deadline (the deadline was ${due.toISOString()}) and was escalated to you.`,
      },
    ]);
    expect(ports.sent.map((m) => [m.to, m.subject])).toEqual([[officerEmail, 'Review escalated: review']]);
    const events = await db.query<{ payload: Record<string, unknown> }>(
      `select payload from application_events where application_id = $1 and type = 'review_escalated'`,
      [id],
    );
    expect(events.rows).toEqual([
      {
        payload: expect.objectContaining({
          from_role: 'operator',
          to_role: 'compliance_officer',
          holder: officerEmail,
          emailed: { sent: 1, kept: 0, failed: 0 },
        }),
      },
    ]);

    // Woken again: escalated once only.
    ports.clock.set(due.getTime() + 60_000);
    expect(await advanceApplication(deps, id)).toEqual({ next: null, released: false });
    expect((await db.query(`select 1 from application_events where application_id = $1 and type = 'review_escalated'`, [id])).rows).toHaveLength(1);
    expect(ports.sent).toHaveLength(1);
  });

  it('leaves a review that does not escalate alone at its deadline', async () => {
    const wf = await workflowOf({
      steps: [
        step('start', 'start', { trigger: 'api', required_fields: [] }),
        step('review', 'approval', { instructions: '', assignee_role: 'operator', sla_hours: 1, sla_minutes: 5 }),
        step('ok', 'end', { outcome: 'approved' }),
        step('no', 'end', { outcome: 'rejected' }),
      ],
      connections: [link('start', 'review'), link('review', 'ok', 'approved'), link('review', 'no', 'rejected')],
    });
    const ports = fakePorts({ now: START });
    const id = await newCase(wf);
    expect(await advanceApplication(depsWith(ports), id)).toEqual({ next: null, released: false });
    const due = await db.query<{ due_at: Date }>('select due_at from review_tasks where application_id = $1', [id]);
    expect(due.rows[0]!.due_at).toEqual(new Date(START + 5 * 60_000));
    ports.clock.set(START + 60 * 60_000);
    expect(await advanceApplication(depsWith(ports), id)).toEqual({ next: null, released: false });
    expect((await db.query('select escalated_at from review_tasks where application_id = $1', [id])).rows[0]).toEqual({ escalated_at: null });
  });

  it('fails the case once the retries are spent, and caps the backoff', async () => {
    const wf = await workflowOf({
      steps: [
        step('start', 'start', { trigger: 'api', required_fields: [] }),
        step('check', 'tool', { tool_name: 'down', input_mapping: {}, output_field: 'check', on_error: 'fail', retries: 1 }),
        step('end', 'end', { outcome: 'completed' }),
      ],
      connections: [link('start', 'check'), link('check', 'end')],
    });
    const ports = fakePorts({ now: START });
    ports.toolsByName.set('down', async () => failed('the service is down'));
    // A base far above the cap: the wait is the cap (with its jitter).
    const deps = { ...depsWith(ports), retryBaseMs: 10 * RETRY_MAX_MS };
    const id = await newCase(wf);

    const first = await advanceApplication(deps, id);
    expect(first.next!.getTime() - START).toBeLessThanOrEqual(1.2 * RETRY_MAX_MS);
    ports.clock.set(first.next!.getTime());
    expect(await advanceApplication(deps, id)).toEqual({ next: null, released: false });
    const state = await stateOf(id);
    expect(state).toMatchObject({ status: 'failed', error: 'the service is down' });
    expect(state.visits.find((v) => v.step_name === 'check')).toMatchObject({ status: 'failed', attempts: 2 });
    const failedEvent = await db.query<{ attempts: number }>(
      `select (payload->>'attempts')::int as attempts from application_events where application_id = $1 and type = 'step_failed'`,
      [id],
    );
    expect(failedEvent.rows).toEqual([{ attempts: 2 }]);
    expect(ports.counted.get('tool/failed_case')).toBe(1);
  });

  it('drops the late result of a tool call whose case was cancelled meanwhile', async () => {
    const wf = await workflowOf({
      steps: [
        step('start', 'start', { trigger: 'api', required_fields: [] }),
        step('slow', 'tool', { tool_name: 'slow', input_mapping: {}, output_field: 'slow', on_error: 'fail', retries: 0 }),
        step('end', 'end', { outcome: 'completed' }),
      ],
      connections: [link('start', 'slow'), link('slow', 'end')],
    });
    const ports = fakePorts({ now: START });
    let answer!: () => void;
    let called!: () => void;
    const calledOnce = new Promise<void>((resolve) => (called = resolve));
    ports.toolsByName.set('slow', () => {
      called();
      return new Promise((resolve) => (answer = () => resolve(ran({ late: true }))));
    });
    const deps = depsWith(ports);
    const id = await newCase(wf);

    const moving = advanceApplication(deps, id);
    await calledOnce;
    // Staff cancel the case while the call is out.
    await db.transaction(async (tx) => {
      const c = (await lockCase(tx, id))!;
      await cancelCase(tx, db, c, { type: 'user', id: staffId }, 'Duplicate');
    });
    answer();
    expect(await moving).toEqual({ next: null, released: false });

    const state = await stateOf(id);
    expect(state).toMatchObject({ status: 'cancelled', outcome: 'cancelled' });
    expect(state.data).not.toHaveProperty('slow');
    expect(state.visits.map((v) => `${v.step_name}:${v.status}`)).toEqual(['start:completed', 'slow:cancelled']);
    expect(state.events.at(-1)).toBe('application_cancelled');
    expect(ports.counted.get('tool/completed')).toBeUndefined();
  });

  it('fails a case at a step type this server has no executor for', async () => {
    const wf = await workflowOf({
      steps: [step('start', 'start', { trigger: 'api', required_fields: [] }), step('end', 'end', { outcome: 'completed' })],
      connections: [link('start', 'end')],
    });
    // A version saved by a newer server with a step type this one does not know.
    await db.query(`update workflow_versions set graph = jsonb_set(graph, '{steps,1,type}', '"teleport"') where workflow_id = $1 and version = 1`, [wf.id]);
    const ports = fakePorts({ now: START });
    const id = await newCase(wf);
    expect(await advanceApplication(depsWith(ports), id)).toEqual({ next: null, released: false });
    expect(await stateOf(id)).toMatchObject({ status: 'failed', error: 'Unknown step type "teleport"' });
  });

  it('e-mails the applicant a personal link for {{applicant_link}}, and keeps none in the outbox without a mail server', async () => {
    const graph = {
      steps: [
        step('start', 'start', { trigger: 'api', required_fields: [] }),
        step('mail', 'notification', {
          channel: 'email',
          to: '{{applicant.email}}',
          subject: 'Continue',
          message: 'Hello {{applicant.name}}, continue here: {{ applicant_link }}',
        }),
        step('end', 'end', { outcome: 'completed' }),
      ],
      connections: [link('start', 'mail'), link('mail', 'end')],
    };
    const wf = await workflowOf(graph);
    const ports = fakePorts({ now: START });
    const id = await newCase(wf);
    while ((await advanceApplication(depsWith(ports), id)).next !== null);
    expect(ports.links).toEqual([{ applicationId: id, sentTo: 'radia@example.com' }]);
    expect(ports.sent.map((m) => m.text)).toEqual(['Hello Radia Lamarr, continue here: https://portal.test/apply/c/fake-link-1']);

    const offline = fakePorts({ now: START, mailConfigured: false });
    const kept = await newCase(wf);
    while ((await advanceApplication(depsWith(offline), kept)).next !== null);
    expect(offline.links).toEqual([]);
    const outbox = await db.query<{ body: string }>('select body from mail_outbox where application_id = $1', [kept]);
    expect(outbox.rows).toEqual([{ body: "Hello Radia Lamarr, continue here: [the applicant's personal link, made when the e-mail is sent]" }]);
  });
});
