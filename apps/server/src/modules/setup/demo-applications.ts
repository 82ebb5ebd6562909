/**
 * A month of application history for a demo workflow, so a newcomer's dashboard and monitor have something to
 * show: cases walked through the workflow's real graph (conditions evaluated on generated applicant data, the AI
 * step's built-in provider run for real), with the waits of real life — forms answered minutes to days later,
 * some never (drop-off), reviews decided within or past their SLA, some still open and overdue, notifications
 * that failed and were retried, and a few cases that failed. Rows are the runtime's own (applications, step
 * visits, events, review tasks), written in a few set-based inserts.
 */
import { randomUUID } from 'node:crypto';
import type { SavedStep } from '@admin-portal/contract/workflows/api';
import type { Queryable } from '../../db/client.ts';
import { evaluateExpression, parseExpression } from '@admin-portal/contract/workflows/expression';
import { builtinAiProvider, type CaseRow, conditionExecutor, type FormConfig, pinGraph, type PinnedGraph, scopeOf } from '../../engine/commands.ts';
import type { StoredGraph } from '../workflows/workflow-graph.queries.ts';
import { insertDemoRows, type DemoRows } from './demo-applications.queries.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;

/** A small deterministic random source (mulberry32), so every demo install tells the same month. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const FIRST = [
  'Ada',
  'Grace',
  'Alan',
  'Katherine',
  'Linus',
  'Margaret',
  'Tim',
  'Barbara',
  'Dennis',
  'Radia',
  'Ken',
  'Frances',
  'Edsger',
  'Hedy',
  'John',
  'Sophie',
];
export const LAST = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Johnson',
  'Torvalds',
  'Hamilton',
  'Berners-Lee',
  'Liskov',
  'Ritchie',
  'Perlman',
  'Thompson',
  'Allen',
  'Dijkstra',
  'Lamarr',
  'Backus',
  'Wilson',
];
const CITIES = ['Berlin', 'Paris', 'Amsterdam', 'Madrid', 'Vienna', 'Lisbon', 'Dublin', 'Prague'];
const COUNTRIES = ['DE', 'FR', 'NL', 'ES', 'AT', 'PT', 'IE', 'CZ'];

interface Context {
  organizationId: string;
  workflowId: string;
  version: number;
  graph: PinnedGraph;
  reviewers: Record<string, string | null>;
  /** The organization's tools by name (a tool step's calls are recorded against its tool). */
  tools: Record<string, string>;
  random: () => number;
  rows: DemoRows;
}

/** One call of a demo tool: mostly answered in a few hundred ms, now and then a timeout or the upstream down. */
function demoToolCall(random: () => number): { status: 'success' | 'timeout' | 'error'; latencyMs: number; error: string | null } {
  const r = random();
  if (r < 0.86) return { status: 'success', latencyMs: Math.round(between(random, 120, 450) * (random() < 0.1 ? 4 : 1)), error: null };
  if (r < 0.93) return { status: 'timeout', latencyMs: 10_000, error: 'Timed out after 10000 ms' };
  return { status: 'error', latencyMs: Math.round(between(random, 40, 250)), error: 'HTTP 503 Service Unavailable' };
}

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const between = (random: () => number, min: number, max: number) => min + random() * (max - min);

/** Answers for a form's fields, plausible for their kinds. */
export function demoAnswers(random: () => number, form: FormConfig, person: { first: string; last: string; email: string }): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of form.fields) {
    if (!f.required && random() < 0.4) continue;
    const k = f.key;
    if (f.type === 'email') out[k] = person.email;
    else if (f.type === 'date') {
      const years = /birth/.test(k) ? (random() < 0.06 ? between(random, 15, 17.9) : between(random, 19, 75)) : between(random, -8, -1);
      out[k] = new Date(Date.now() - years * 365.25 * DAY).toISOString().slice(0, 10);
    } else if (f.type === 'number') {
      out[k] = /income/.test(k)
        ? Math.round(between(random, 14_000, 120_000))
        : /expense/.test(k)
          ? Math.round(between(random, 300, 3_500))
          : Math.round(between(random, 1_000, 40_000));
    } else if (f.type === 'select') out[k] = pick(random, f.options);
    else if (f.type === 'checkbox') out[k] = true;
    else if (f.type === 'file') out[k] = [{ file_name: `${k}.pdf`, content_type: 'application/pdf', size_bytes: Math.round(between(random, 80_000, 900_000)) }];
    else if (/first/.test(k)) out[k] = person.first;
    else if (/last/.test(k)) out[k] = person.last;
    else if (/full_name|name/.test(k)) out[k] = `${person.first} ${person.last}`;
    else if (/city/.test(k)) out[k] = pick(random, CITIES);
    else if (/country|nationality/.test(k)) out[k] = pick(random, COUNTRIES);
    else if (/postal/.test(k)) out[k] = String(10_000 + Math.floor(random() * 89_999));
    else out[k] = `${pick(random, ['Main', 'Station', 'Park', 'Mill'])} street ${1 + Math.floor(random() * 120)}`;
  }
  return out;
}

/** Walks one case through the graph from `created`, writing its rows; returns nothing (rows are collected). */
async function simulateCase(ctx: Context, created: number, index: number): Promise<void> {
  const { random, graph, rows } = ctx;
  const id = randomUUID();
  const person = { first: pick(random, FIRST), last: pick(random, LAST), email: '' };
  person.email = `${person.first}.${person.last}.${index}@example.com`.toLowerCase();
  const c: CaseRow = {
    id,
    organization_id: ctx.organizationId,
    workflow_id: ctx.workflowId,
    workflow_version: ctx.version,
    status: 'running',
    applicant: { name: `${person.first} ${person.last}`, email: person.email },
    data: { email: person.email },
    external_ref: `DEMO-${String(10_000 + index)}`,
    environment: 'production',
    current_step_id: null,
    current_step_run_id: null,
    waiting_for: null,
    wait_until: null,
    outcome: null,
  };
  // What the case started with, kept for replay (ADR 0058) as the runtime keeps it.
  const initialData = structuredClone(c.data);
  const now = Date.now();
  let at = created;
  let status = 'running';
  let waitingFor: string | null = null;
  let waitUntil: number | null = null;
  let outcome: string | null = null;
  let error: string | null = null;
  let completedAt: number | null = null;
  const event = (
    type: string,
    step: SavedStep | null,
    runId: string | null,
    when: number,
    extra: Record<string, unknown> = {},
    actor: [string, string | null] = ['system', null],
    err: string | null = null,
  ) =>
    rows.events.push({
      application_id: id,
      organization_id: c.organization_id,
      workflow_id: c.workflow_id,
      type,
      step_id: step?.id ?? null,
      step_type: step?.type ?? null,
      step_run_id: runId,
      actor_type: actor[0],
      actor_id: actor[1],
      payload: extra,
      error: err,
      created_at: new Date(when).toISOString(),
    });
  event('application_created', null, null, at, { source: 'demo', workflow_version: ctx.version }, ['api_key', null]);

  let step = graph.start;
  while (step) {
    const runId = randomUUID();
    const entered = at;
    const run: Record<string, unknown> = {
      id: runId,
      application_id: id,
      organization_id: c.organization_id,
      workflow_id: c.workflow_id,
      step_id: step.id,
      step_type: step.type,
      step_name: step.name,
      status: 'completed',
      attempts: 1,
      branch: null,
      output: null,
      error: null,
      entered_at: new Date(entered).toISOString(),
      completed_at: null,
      // What the visit merged into the data and, for a tool, what it called the tool with (ADR 0058).
      merged: null,
      input: null,
    };
    const merge = (fields: Record<string, unknown>) => {
      Object.assign(c.data, fields);
      run.merged = fields;
    };
    rows.steps.push(run);
    c.current_step_id = step.id;
    c.current_step_run_id = runId;
    event('step_entered', step, runId, at, { name: step.name });
    let branch: string | null = null;
    at += between(random, 20, 400);

    if (step.type === 'form') {
      const takes = random() < 0.7 ? between(random, 3 * MINUTE, 6 * HOUR) : between(random, 6 * HOUR, 4 * DAY);
      // Some applicants never come back: the case waits at the form (drop-off).
      if (random() < 0.1 || at + takes > now) {
        Object.assign(run, { status: 'waiting', attempts: 0 });
        event('waiting', step, runId, at, { waiting_for: 'form' });
        status = 'waiting';
        waitingFor = 'form';
        break;
      }
      at += takes;
      merge(demoAnswers(random, step.config as unknown as FormConfig, person));
      event('form_submitted', step, runId, at, { fields: (step.config as unknown as FormConfig).fields.map((f) => f.key) }, ['api_key', null]);
    } else if (step.type === 'condition') {
      const outcomeOf = await conditionExecutor.run({
        case: c,
        step,
        run: { id: runId, step_id: step.id, status: 'running', attempts: 0 },
        graph,
        deps: undefined as never,
        tx: undefined as never,
        attempt: 1,
      });
      if (outcomeOf.kind === 'done') branch = outcomeOf.branch ?? null;
      run.output = { branch };
    } else if (step.type === 'ai') {
      const config = step.config as { mode: 'decision' | 'summary'; prompt: string; options: string[]; output_field: string };
      const result = await builtinAiProvider.runStep({
        mode: config.mode,
        prompt: config.prompt,
        options: config.options,
        applicant: c.applicant,
        data: c.data,
        workflowName: graph.name,
        stepName: step.name,
      });
      merge({ [config.output_field]: result });
      run.output = result;
    } else if (step.type === 'approval') {
      const config = step.config as { assignee_role: string; sla_hours: number; instructions: string };
      const due = at + config.sla_hours * HOUR;
      const decideIn =
        random() < 0.8
          ? between(random, 20 * MINUTE, config.sla_hours * HOUR * 0.9)
          : between(random, config.sla_hours * HOUR * 1.05, config.sla_hours * HOUR * 2.5);
      const task: Record<string, unknown> = {
        id: randomUUID(),
        organization_id: c.organization_id,
        application_id: id,
        workflow_id: c.workflow_id,
        step_id: step.id,
        step_run_id: runId,
        step_name: step.name,
        assignee_role: config.assignee_role,
        instructions: config.instructions,
        status: 'open',
        due_at: new Date(due).toISOString(),
        decided_by: null,
        decided_at: null,
        comment: null,
        created_at: new Date(at).toISOString(),
      };
      rows.tasks.push(task);
      event('waiting', step, runId, at, { waiting_for: 'approval', until: new Date(due).toISOString() });
      // Every 25th case is still on a reviewer's desk, overdue once its SLA has passed.
      if (at + decideIn > now || index % 25 === 11) {
        Object.assign(run, { status: 'waiting', attempts: 1 });
        status = 'waiting';
        waitingFor = 'approval';
        waitUntil = due;
        break;
      }
      at += decideIn;
      branch = random() < 0.78 ? 'approved' : 'rejected';
      const reviewer = ctx.reviewers[config.assignee_role] ?? ctx.reviewers.admin ?? null;
      Object.assign(task, {
        status: branch,
        decided_by: reviewer,
        decided_at: new Date(at).toISOString(),
        comment: branch === 'rejected' ? pick(random, ['Document expired', 'Income could not be verified', 'Selfie does not match the document']) : null,
      });
      event('review_decided', step, runId, at, { decision: branch, review_task_id: task.id, overdue: at > due }, ['user', reviewer]);
      run.output = { decision: branch };
    } else if (step.type === 'tool') {
      // Each attempt is a recorded call; failed ones are retried after a pause, as the runtime's retry policy does.
      const config = step.config as {
        tool_name: string;
        input_mapping?: Record<string, string>;
        output_field: string;
        retries?: number;
        on_error?: 'fail' | 'continue';
      };
      const toolId = ctx.tools[config.tool_name];
      // The input the step maps from the data, as the tool executor does (recorded for replay).
      run.input = Object.fromEntries(
        Object.entries(config.input_mapping ?? {}).map(([name, source]) => {
          try {
            return [name, evaluateExpression(parseExpression(source), scopeOf(c))];
          } catch {
            return [name, null];
          }
        }),
      );
      const attempts = 1 + (config.retries ?? 0);
      let call = demoToolCall(random);
      let made = 1;
      for (;;) {
        at += call.latencyMs;
        if (toolId) {
          rows.toolCalls.push({
            id: randomUUID(),
            tool_id: toolId,
            organization_id: c.organization_id,
            caller_type: 'workflow',
            caller_id: id,
            environment: 'production',
            status: call.status,
            input: null,
            output: call.status === 'success' ? { found: true } : null,
            error: call.error,
            latency_ms: call.latencyMs,
            attempts: 1,
            created_at: new Date(Math.min(at, now)).toISOString(),
          });
        }
        if (call.status === 'success' || made === attempts) break;
        event('retry_scheduled', step, runId, at, { attempt: made }, ['system', null], call.error);
        at += between(random, 5_000, 60_000);
        call = demoToolCall(random);
        made += 1;
      }
      run.attempts = made;
      const output = { tool: config.tool_name, status: call.status, latency_ms: call.latencyMs };
      run.output = call.status === 'success' || config.on_error !== 'continue' ? output : { ...output, error: call.error, continued: true };
      if (call.status === 'success' || config.on_error === 'continue') {
        merge({ [config.output_field]: call.status === 'success' ? { found: true, status: 'active' } : { error: call.error, status: call.status } });
      }
      if (call.status !== 'success' && config.on_error !== 'continue') {
        Object.assign(run, { status: 'failed', error: call.error, completed_at: new Date(at).toISOString() });
        event('step_failed', step, runId, at, { attempts: made }, ['system', null], call.error);
        event('application_failed', step, runId, at, {}, ['system', null], call.error);
        status = 'failed';
        error = call.error;
        completedAt = at;
        break;
      }
    } else if (step.type === 'notification') {
      // Now and then the mail server was down: a retry a few minutes later, and rarely a case left failed.
      // (every 40th case meets the outage for good, so each workflow's history has failures to show).
      const outage = index % 40 === 7;
      if (outage || random() < 0.06) {
        const failure = 'Email failed: connect ECONNREFUSED (mail server unavailable)';
        event('retry_scheduled', step, runId, at, { attempt: 1 }, ['system', null], failure);
        if (outage || random() < 0.35) {
          Object.assign(run, { status: 'failed', attempts: 4, error: failure, completed_at: new Date(at + 20 * MINUTE).toISOString() });
          event('step_failed', step, runId, at + 20 * MINUTE, { attempts: 4 }, ['system', null], failure);
          event('application_failed', step, runId, at + 20 * MINUTE, {}, ['system', null], failure);
          status = 'failed';
          error = failure;
          completedAt = at + 20 * MINUTE;
          break;
        }
        at += between(random, 2 * MINUTE, 10 * MINUTE);
        run.attempts = 2;
      }
      run.output = { channel: 'email', to: person.email, delivered: false };
    } else if (step.type === 'end') {
      outcome = String((step.config as { outcome?: string }).outcome ?? 'completed');
      run.completed_at = new Date(at).toISOString();
      event('step_completed', step, runId, at, { name: step.name });
      event('application_completed', step, runId, at, { outcome });
      status = 'completed';
      completedAt = at;
      break;
    }
    run.branch = branch;
    run.completed_at = new Date(at).toISOString();
    event('step_completed', step, runId, at, { name: step.name, ...(branch ? { branch } : {}) });
    step = graph.next(step.id, branch);
  }

  rows.applications.push({
    id,
    organization_id: c.organization_id,
    workflow_id: c.workflow_id,
    workflow_version: ctx.version,
    status,
    outcome,
    applicant: c.applicant,
    applicant_name: c.applicant.name,
    applicant_email: person.email,
    data: c.data,
    external_ref: c.external_ref,
    source: 'demo',
    current_step_id: c.current_step_id,
    current_step_run_id: c.current_step_run_id,
    step_entered_at: new Date(rows.steps[rows.steps.length - 1]!.entered_at as string).toISOString(),
    waiting_for: waitingFor,
    wait_until: waitUntil ? new Date(waitUntil).toISOString() : null,
    error,
    created_at: new Date(created).toISOString(),
    updated_at: new Date(Math.min(at, now)).toISOString(),
    completed_at: completedAt ? new Date(completedAt).toISOString() : null,
    initial_data: initialData,
  });
}

/** `count` cases of the last 30 days on the workflow (more of them recent), written as the runtime would have. */
export async function seedDemoApplications(
  tx: Queryable,
  w: {
    organizationId: string;
    workflowId: string;
    version: number;
    name: string;
    graph: StoredGraph;
    reviewers: Record<string, string | null>;
    tools: Record<string, string>;
  },
  count: number,
  seed: number,
): Promise<number> {
  const random = seededRandom(seed);
  const rows: DemoRows = { applications: [], steps: [], events: [], tasks: [], toolCalls: [] };
  const ctx: Context = {
    organizationId: w.organizationId,
    workflowId: w.workflowId,
    version: w.version,
    graph: pinGraph(w.workflowId, w.version, { ...w.graph, name: w.name }),
    reviewers: w.reviewers,
    tools: w.tools,
    random,
    rows,
  };
  const now = Date.now();
  for (let i = 0; i < count; i += 1) {
    // Traffic grows over the month: more cases in recent days.
    const daysAgo = 30 * (1 - Math.sqrt(random()));
    await simulateCase(ctx, now - daysAgo * DAY - between(random, 0, HOUR), i);
  }
  await insertDemoRows(tx, rows);
  return rows.applications.length;
}
