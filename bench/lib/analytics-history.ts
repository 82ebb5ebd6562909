// The history the analytics benchmark reads: an organization with 10 active workflows made from the shipped
// templates and N applications spread over the last D days, written as the runtime writes them (cases, step visits,
// events, review tasks, tool calls) with set-based SQL, plus the analytics rollups built from them.
//
// How a case goes is decided in two parts. Here, in TypeScript, every way through each workflow's real graph is
// listed with its probability (a form abandoned, a condition's branch, a review approved or rejected, a tool call
// retried or failing, an email retried or failing). In the database, each case draws a workflow, one of those
// paths and the time it spent at each step; whatever would happen after "now" has not happened yet, so the case is
// still waiting there (an open review, a form not yet answered, a retry due).
import { randomUUID } from 'node:crypto';
import type { Role } from '../../packages/contract/src/roles.ts';
import type { SavedStep } from '../../packages/contract/src/workflows/api.ts';
import type { WorkflowGraph } from '../../packages/contract/src/workflows/graph.ts';
import type { Db, Queryable } from '../../apps/server/src/db/client.ts';
import { pinGraph, type PinnedGraph } from '../../apps/server/src/engine/pinned-graph.ts';
import { HISTOGRAM_BASE, HISTOGRAM_BUCKETS } from '../../apps/server/src/modules/analytics/duration-histogram.ts';
import {
  APPLICATION_STATS,
  rollupTwin,
  FAILURE_STATS,
  NO_STEP,
  normalizeReason,
  REVIEW_STATS,
  STEP_STATS,
  TOOL_ERROR_STATS,
  TOOL_STATS,
  type RollupTable,
} from '../../apps/server/src/modules/analytics/rollup-tables.ts';
import { createOrganizationRow } from '../../apps/server/src/modules/organizations/organizations.queries.ts';
import { seedDemoTools } from '../../apps/server/src/modules/setup/demo-tools.ts';
import { insertStatusChange, updateToolRow } from '../../apps/server/src/modules/tools/tools.queries.ts';
import { insertUser } from '../../apps/server/src/modules/users/users.queries.ts';
import { shippedTemplate } from '../../apps/server/src/modules/workflow-templates/shipped/index.ts';
import { assignIds } from '../../apps/server/src/modules/workflows/graph-ids.ts';
import { createWorkflowWithGraph } from '../../apps/server/src/modules/workflows/save-graph.ts';
import { hashPassword } from '../../apps/server/src/security/passwords.ts';
import { recordOfPath, UnreachablePath, type PathRecord } from './path-records.ts';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

// ------------------------------------------------------------------------------------------------ the organization

/** The workflows of the benchmark's organization: a shipped template, its share of the traffic, and an optional tool step. */
const WORKFLOWS: readonly {
  template: string;
  name: string;
  share: number;
  tool?: { after: string; key: string; name: string; config: Record<string, unknown> };
}[] = [
  { template: 'individual-kyc', name: 'Individual KYC', share: 0.22 },
  {
    template: 'individual-kyc',
    name: 'Individual KYC with sanctions screening',
    share: 0.08,
    tool: {
      after: 'identity_document',
      key: 'sanctions_screening',
      name: 'Sanctions screening',
      config: {
        tool_name: 'screen_sanctions',
        input_mapping: { full_name: 'data.first_name + " " + data.last_name', date_of_birth: 'data.date_of_birth' },
        output_field: 'sanctions',
        on_error: 'fail',
        retries: 1,
      },
    },
  },
  { template: 'business-kyb', name: 'Business KYB', share: 0.08 },
  { template: 'business-kyb', name: 'Business KYB (UK entities)', share: 0.04 },
  { template: 'credit-application', name: 'Credit application', share: 0.15 },
  { template: 'credit-application', name: 'Credit card application', share: 0.1 },
  { template: 'account-opening', name: 'Account opening', share: 0.12 },
  { template: 'address-change', name: 'Address change', share: 0.08 },
  { template: 'merchant-onboarding', name: 'Merchant onboarding', share: 0.06 },
  {
    template: 'merchant-onboarding',
    name: 'Merchant onboarding (marketplace)',
    share: 0.07,
    tool: {
      after: 'owner',
      key: 'normalize_owner',
      name: 'Normalise the owner',
      config: {
        tool_name: 'normalize_applicant',
        input_mapping: { first_name: 'data.owner_name', last_name: 'data.owner_name', email: 'data.owner_email', date_of_birth: 'data.owner_date_of_birth' },
        output_field: 'owner',
        on_error: 'fail',
        retries: 1,
      },
    },
  },
];

/** Staff of the organization (role, how many): reviewers decide the approval steps of their role. */
const STAFF: readonly [role: string, count: number][] = [
  ['manager', 2],
  ['operator', 6],
  ['compliance_officer', 3],
  ['analyst', 1],
  ['viewer', 1],
];

export interface BenchWorkflow {
  id: string;
  name: string;
  version: number;
  share: number;
  graph: PinnedGraph;
  /** Step id → the template's step key. */
  keys: ReadonlyMap<string, string>;
}

export interface BenchOrganization {
  id: string;
  admin: { email: string; password: string };
  workflows: BenchWorkflow[];
  /** User ids by role (reviewers). */
  staff: Record<string, string[]>;
  tools: Record<string, string>;
}

/** A shipped template's graph with a tool step put after `after` (everything that followed it now follows the tool). */
function withToolStep(graph: WorkflowGraph, tool: NonNullable<(typeof WORKFLOWS)[number]['tool']>): WorkflowGraph {
  const anchor = graph.steps.find((s) => s.id === tool.after);
  if (!anchor) throw new Error(`No step "${tool.after}" to put a tool after`);
  return {
    steps: [
      ...graph.steps,
      { id: tool.key, type: 'tool', name: tool.name, config: tool.config, position: { x: anchor.position.x + 150, y: anchor.position.y + 120 } },
    ],
    connections: [
      ...graph.connections.map((c) => (c.source === tool.after ? { ...c, source: tool.key } : c)),
      { source: tool.after, target: tool.key, condition: null, label: null },
    ],
  };
}

/**
 * The benchmark's organization: an admin who signs in, reviewers of each role, the demo tools (the sanctions
 * screening one approved too) and the 10 active workflows, made with the server's own functions.
 */
export async function createBenchOrganization(db: Db, name: string, admin: { email: string; password: string }): Promise<BenchOrganization> {
  const passwordHash = await hashPassword(admin.password);
  return db.transaction(async (tx) => {
    const org = await createOrganizationRow(tx, { name, description: 'The analytics benchmark: many applications over the last months.' });
    const adminId = await insertUser(tx, {
      organization_id: org.id,
      email: admin.email,
      first_name: 'Bench',
      last_name: 'Admin',
      role: 'admin',
      permissions: [],
      password_hash: passwordHash,
    });
    const staff: Record<string, string[]> = { admin: [adminId] };
    for (const [role, count] of STAFF) {
      staff[role] = [];
      for (let i = 1; i <= count; i += 1) {
        const id = await insertUser(tx, {
          organization_id: org.id,
          email: `${role.replace('_', '.')}.${i}@${org.slug}.bench.example`,
          first_name: role.charAt(0).toUpperCase() + role.slice(1).replace('_', ' '),
          last_name: String(i),
          role: role as Role,
          permissions: [],
          password_hash: passwordHash,
        });
        staff[role]!.push(id);
      }
    }
    await seedDemoTools(tx, org.id, staff.manager![0]!, adminId);
    const tools = Object.fromEntries(
      (await tx.query<{ id: string; name: string; status: string }>('select id, name, status from tools where organization_id = $1', [org.id])).rows.map(
        (t) => [t.name, t.id],
      ),
    );
    // The sanctions screening tool is still waiting for approval in the demo set; approve it for the KYC variant.
    const sanctions = tools.screen_sanctions!;
    await insertStatusChange(tx, {
      tool_id: sanctions,
      organization_id: org.id,
      from_status: 'pending_approval',
      to_status: 'approved',
      comment: 'Approved for the benchmark',
      actor_id: adminId,
    });
    await updateToolRow(tx, sanctions, { status: 'approved' });

    const workflows: BenchWorkflow[] = [];
    for (const w of WORKFLOWS) {
      const template = shippedTemplate(w.template);
      const source = w.tool ? withToolStep(template.graph, w.tool) : template.graph;
      const { graph, clientKeys } = assignIds(structuredClone(source), { steps: new Set(), connections: new Set() });
      const created = await createWorkflowWithGraph(tx, {
        organizationId: org.id,
        name: w.name,
        description: template.description,
        category: template.category,
        status: 'active',
        graph,
        note: `Created from template "${template.name}"`,
        actorId: staff.manager![0]!,
      });
      workflows.push({
        id: created.workflow.id,
        name: w.name,
        version: created.workflow.version,
        share: w.share,
        graph: pinGraph(created.workflow.id, created.workflow.version, { name: w.name, ...created.graph }),
        keys: clientKeys,
      });
    }
    return { id: org.id, admin, workflows, staff, tools };
  });
}

// ------------------------------------------------------------------------------------------------ the ways through a graph

/** What a case does at one visit of a step (see the event list of each in `VISIT_EVENTS`). */
type Kind =
  | 'start'
  | 'auto'
  | 'ai'
  | 'form'
  | 'form_abandoned'
  | 'approval'
  | 'tool'
  | 'tool_retry'
  | 'tool_error'
  | 'notify'
  | 'notify_retry'
  | 'notify_fail'
  | 'delay'
  | 'end';

interface Visit {
  step: SavedStep;
  kind: Kind;
  branch: string | null;
}

interface Path {
  probability: number;
  visits: Visit[];
}

/** Share of applicants who never answer a form (their case is cancelled by staff one to three weeks later). */
const ABANDON = 0.06;
const APPROVE = 0.78;
/** Tool calls: answered at once, answered on the retry, failing every attempt. */
const TOOL_OUTCOMES = { tool: 0.93, tool_retry: 0.05, tool_error: 0.02 } as const;
/** Emails: sent, sent on a retry a few minutes later, never sent (the case fails). */
const NOTIFY_OUTCOMES = { notify: 0.94, notify_retry: 0.045, notify_fail: 0.015 } as const;
/** A condition's branches by template step key (the rest of the traffic goes the other ways in equal shares). */
const BRANCH_SHARES: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  age_check: { adult: 0.95, otherwise: 0.05 },
  risk_routing: { high_risk: 0.2, otherwise: 0.8 },
  affordability: { decline: 0.15, manual_review: 0.35, otherwise: 0.5 },
  documents_complete: { complete: 0.85, otherwise: 0.15 },
  moved_abroad: { abroad: 0.15, otherwise: 0.85 },
  risk_score: { high: 0.15, medium: 0.3, otherwise: 0.55 },
};
/** Paths less likely than this are left out (at a million cases, about 2 cases each). */
const MIN_PROBABILITY = 2e-6;

function branchShares(step: SavedStep, key: string): [string, number][] {
  const config = step.config as { branches: { id: string }[]; otherwise: boolean };
  const ids = [...config.branches.map((b) => b.id), ...(config.otherwise ? ['otherwise'] : [])];
  const known = BRANCH_SHARES[key] ?? {};
  const rest = 1 - ids.reduce((sum, id) => sum + (known[id] ?? 0), 0);
  const unknown = ids.filter((id) => known[id] === undefined);
  return ids.map((id) => [id, known[id] ?? rest / unknown.length]);
}

/** Every way through the workflow's graph with its probability (loops taken at most once more). */
export function pathsOf(w: BenchWorkflow): Path[] {
  const out: Path[] = [];
  const walk = (step: SavedStep | undefined, probability: number, visits: Visit[], seen: ReadonlyMap<string, number>) => {
    if (probability < MIN_PROBABILITY) return;
    if (!step) throw new Error(`${w.name}: a path ends without an end step`);
    if (visits.length > 40) throw new Error(`${w.name}: a path runs over 40 visits`);
    const times = seen.get(step.id) ?? 0;
    const next = new Map(seen).set(step.id, times + 1);
    const go = (kind: Kind, branch: string | null, p: number, ends = false) => {
      const v = [...visits, { step, kind, branch }];
      if (ends) {
        if (probability * p >= MIN_PROBABILITY) out.push({ probability: probability * p, visits: v });
      } else walk(w.graph.next(step.id, branch), probability * p, v, next);
    };
    switch (step.type) {
      case 'start':
        go('start', null, 1);
        break;
      case 'form':
        go('form_abandoned', null, ABANDON, true);
        go('form', null, 1 - ABANDON);
        break;
      case 'condition': {
        const shares = branchShares(step, w.keys.get(step.id)!);
        // Back at a condition (a loop): the case takes its most common branch this time.
        if (times > 0) go('auto', shares.reduce((a, b) => (b[1] > a[1] ? b : a))[0], 1);
        else for (const [branch, share] of shares) go('auto', branch, share);
        break;
      }
      case 'ai':
        go('ai', null, 1);
        break;
      case 'approval':
        go('approval', 'approved', APPROVE);
        go('approval', 'rejected', 1 - APPROVE);
        break;
      case 'tool': {
        const config = step.config as { on_error?: string; retries?: number };
        const retries = config.retries ?? 0;
        go('tool', null, TOOL_OUTCOMES.tool + (retries > 0 ? 0 : TOOL_OUTCOMES.tool_retry));
        if (retries > 0) go('tool_retry', null, TOOL_OUTCOMES.tool_retry);
        go('tool_error', null, TOOL_OUTCOMES.tool_error, config.on_error !== 'continue');
        break;
      }
      case 'notification':
        go('notify', null, NOTIFY_OUTCOMES.notify);
        go('notify_retry', null, NOTIFY_OUTCOMES.notify_retry);
        go('notify_fail', null, NOTIFY_OUTCOMES.notify_fail, true);
        break;
      case 'delay':
        go('delay', null, 1);
        break;
      case 'end':
        go('end', null, 1, true);
        break;
      default:
        throw new Error(`${w.name}: no model for a "${step.type}" step`);
    }
  };
  walk(w.graph.start, 1, [], new Map());
  const total = out.reduce((sum, p) => sum + p.probability, 0);
  for (const p of out) p.probability /= total;
  return out;
}

// ------------------------------------------------------------------------------------------------ generation

const NOTIFY_ERROR = 'Email failed: connect ECONNREFUSED (mail server unavailable)';
const TIMEOUT_ERROR = 'Timed out after 10000 ms';
const HTTP_ERROR = 'The service answered 503 Service Unavailable';
const TOOL_OUTPUTS: Readonly<Record<string, Record<string, unknown>>> = {
  company_registry_lookup: { name: 'Example GmbH', status: 'active', registered_at: '2012-04-01', directors: 2 },
  screen_sanctions: { matches: [], checked_lists: ['EU', 'UN', 'OFAC'] },
  normalize_applicant: { full_name: 'Ada Lovelace', email: 'ada.lovelace@example.com', is_adult: true },
};

/** Kinds whose visit waits for someone (the case is "waiting" while it is there). */
const WAITING_FOR: Readonly<Partial<Record<Kind, string>>> = {
  form: 'form',
  form_abandoned: 'form',
  approval: 'approval',
  tool_retry: 'retry',
  tool_error: 'retry',
  notify_retry: 'retry',
  notify_fail: 'retry',
  delay: 'delay',
};

interface EventTemplate {
  type: string;
  /** When: as the step is entered, just after (waiting), a retry of an email, the end of a tool call's attempt `k`, as it is left. */
  at: 'entered' | 'waiting' | 'email_retry' | 'attempt' | 'left';
  k?: number;
  payload?: Record<string, unknown>;
  /** Payloads with times and ids of the case: an approval's or a delay's wait, a review's decision. */
  dynamic?: 'approval_wait' | 'delay_wait' | 'review';
  actor: 'system' | 'api_key' | 'user';
  error?: 'email' | 'tool';
}

/** The events the runtime writes for one visit, in order (see engine/transitions.ts and the applications services). */
function visitEvents(v: Visit, failing: boolean, config: Record<string, unknown>): EventTemplate[] {
  const out: EventTemplate[] = [{ type: 'step_entered', at: 'entered', payload: { name: v.step.name }, actor: 'system' }];
  if (v.kind === 'form' || v.kind === 'form_abandoned') out.push({ type: 'waiting', at: 'waiting', payload: { waiting_for: 'form' }, actor: 'system' });
  if (v.kind === 'approval') out.push({ type: 'waiting', at: 'waiting', dynamic: 'approval_wait', actor: 'system' });
  if (v.kind === 'delay') out.push({ type: 'waiting', at: 'waiting', dynamic: 'delay_wait', actor: 'system' });
  if (v.kind === 'notify_retry' || v.kind === 'notify_fail')
    out.push({ type: 'retry_scheduled', at: 'email_retry', payload: { attempt: 1 }, actor: 'system', error: 'email' });
  const retries = v.kind === 'tool_retry' ? 1 : v.kind === 'tool_error' ? Number(config.retries ?? 0) : 0;
  for (let k = 1; k <= retries; k += 1) out.push({ type: 'retry_scheduled', at: 'attempt', k, payload: { attempt: k }, actor: 'system', error: 'tool' });
  if (v.kind === 'form') {
    const fields = (config.fields as { key: string; type: string }[]) ?? [];
    out.push({
      type: 'form_submitted',
      at: 'left',
      payload: { fields: fields.map((f) => f.key), files: fields.filter((f) => f.type === 'file').length },
      actor: 'api_key',
    });
  }
  if (v.kind === 'approval') out.push({ type: 'review_decided', at: 'left', dynamic: 'review', actor: 'user' });
  if (failing) {
    const error = v.kind === 'tool_error' ? 'tool' : 'email';
    out.push({ type: 'step_failed', at: 'left', payload: { attempts: v.kind === 'tool_error' ? retries + 1 : 4 }, actor: 'system', error });
    out.push({ type: 'application_failed', at: 'left', payload: {}, actor: 'system', error });
  } else if (v.kind === 'form_abandoned') {
    out.push({ type: 'application_cancelled', at: 'left', payload: { reason: 'The applicant did not come back' }, actor: 'user' });
  } else {
    const actor = v.kind === 'form' ? 'api_key' : v.kind === 'approval' ? 'user' : 'system';
    out.push({ type: 'step_completed', at: 'left', payload: { name: v.step.name, ...(v.branch ? { branch: v.branch } : {}) }, actor });
    if (v.kind === 'end') out.push({ type: 'application_completed', at: 'left', payload: { outcome: String(config.outcome ?? 'completed') }, actor: 'system' });
  }
  return out;
}

/**
 * The path tables the SQL reads: one row per visit of each path (with what it records: path-records.ts), the data a
 * case of each path starts with, and per workflow the thresholds to draw a path.
 */
async function pathRows(org: BenchOrganization) {
  const visits: Record<string, unknown>[] = [];
  const events: Record<string, unknown>[] = [];
  const workflows: Record<string, unknown>[] = [];
  const starts: Record<string, unknown>[] = [];
  let pathId = 0;
  for (const [wi, w] of org.workflows.entries()) {
    // The ways a case can take, with what each records; the few the workflow itself rules out are left out.
    const paths: (Path & { record: PathRecord })[] = [];
    for (const [n, path] of pathsOf(w).entries()) {
      try {
        paths.push({ ...path, record: await recordOfPath(w.graph, w.keys, path.visits, TOOL_OUTPUTS, wi * 10_000 + n) });
      } catch (error) {
        if (!(error instanceof UnreachablePath)) throw error;
      }
    }
    const total = paths.reduce((sum, p) => sum + p.probability, 0);
    const thresholds: number[] = [];
    const ids: number[] = [];
    let cumulative = 0;
    for (const { record, ...path } of paths) {
      pathId += 1;
      thresholds.push(cumulative);
      ids.push(pathId);
      cumulative += path.probability / total;
      starts.push({ path_id: pathId, initial_data: record.initial });
      path.visits.forEach((v, pos) => {
        const config = v.step.config as Record<string, unknown>;
        const last = pos === path.visits.length - 1;
        const tool = v.step.type === 'tool' ? String(config.tool_name) : null;
        const failing = last && (v.kind === 'notify_fail' || v.kind === 'tool_error');
        visits.push({
          path_id: pathId,
          pos,
          step_id: v.step.id,
          step_type: v.step.type,
          step_name: v.step.name,
          kind: v.kind,
          branch: v.branch,
          final: last,
          fails: failing,
          outcome: v.kind === 'end' ? String(config.outcome ?? 'completed') : null,
          sla_ms: v.step.type === 'approval' ? Number(config.sla_hours) * HOUR : null,
          role: v.step.type === 'approval' ? String(config.assignee_role) : null,
          instructions: v.step.type === 'approval' ? String(config.instructions ?? '') : null,
          // Who decides an approval step (its role), or cancels a case abandoned at a form (operators).
          reviewers: `{${(v.step.type === 'approval' ? (org.staff[String(config.assignee_role)] ?? org.staff.admin!) : org.staff.operator!).join(',')}}`,
          tool_id: tool ? (org.tools[tool] ?? null) : null,
          tool_name: tool,
          retries: v.step.type === 'tool' ? Number(config.retries ?? 0) : 0,
          delay_ms:
            v.step.type === 'delay'
              ? Number(config.amount) * ({ seconds: 1000, minutes: MINUTE, hours: HOUR, days: DAY }[String(config.unit)] ?? MINUTE)
              : null,
          waiting_for: WAITING_FOR[v.kind] ?? null,
          tool_input: tool ? (record.inputs[pos] ?? null) : null,
          tool_output: tool ? (TOOL_OUTPUTS[tool] ?? {}) : null,
          merged: record.merged[pos],
        });
        for (const e of visitEvents(v, failing, config))
          events.push({
            path_id: pathId,
            pos,
            step_id: v.step.id,
            step_type: v.step.type,
            kind: v.kind,
            branch: v.branch,
            sla_ms: v.step.type === 'approval' ? Number(config.sla_hours) * HOUR : null,
            retries: v.step.type === 'tool' ? Number(config.retries ?? 0) : 0,
            ...e,
          });
      });
    }
    workflows.push({
      idx: wi + 1,
      workflow_id: w.id,
      version: w.version,
      share: w.share,
      thresholds: `{${thresholds.join(',')}}`,
      path_ids: `{${ids.join(',')}}`,
      paths: paths.length,
    });
  }
  return { visits, events, workflows, starts };
}

export interface GenerateOptions {
  cases: number;
  days: number;
  /** The instant the history ends: nothing after it has happened. */
  now: Date;
  /** Events and tool calls from this instant on are written in a later transaction (folded by the refresher). */
  recentFrom: Date;
  log: (message: string) => void;
}

export interface Generated {
  counts: Record<string, number>;
  seconds: Record<string, number>;
  /** The last event and tool call of the bulk transaction (the shortcut folds up to these). */
  bulkEnd: { events: { tx: string; seq: string } | null; calls: { tx: string; seq: string } | null };
}

/** Memory for building the indexes again (PGlite's WebAssembly heap is smaller). */
const MAINTENANCE_WORK_MEM: Record<Db['kind'], string> = { pglite: process.env.BENCH_MWM ?? '256MB', postgres: '1GB' };
const STAGING = ['bench_wf', 'bench_pv', 'bench_path', 'bench_pe', 'bench_case', 'bench_visit'];
/** Tables whose secondary indexes are dropped while the bulk is written, and built again after it. */
const BULK_TABLES = ['applications', 'application_steps', 'application_events', 'review_tasks', 'tool_executions'];
/** Of those, the ones whose primary key is dropped too (not the applications: every other table references them). */
const KEYLESS_TABLES = ['application_steps', 'application_events', 'review_tasks', 'tool_executions'];

async function timed<T>(seconds: Record<string, number>, name: string, log: (m: string) => void, fn: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await fn();
  seconds[name] = Math.round((performance.now() - started) / 100) / 10;
  log(`     ${name.padEnd(22)} ${seconds[name]!.toFixed(1).padStart(7)} s`);
  return result;
}

// Per visit: how long the case stayed (ms) from its random draws r1, r2. Forms: 70 % answered within 3 min–6 h, the
// rest within 6 h–4 days; abandoned forms are cancelled by staff 7–21 days later; reviews: 80 % decided within 20
// minutes and 90 % of the SLA, the rest 1.05–2.5 × the SLA (breached); tool calls 80–900 ms (a timeout is 10 s),
// retried after 2 s, 4 s; emails retried 2–10 minutes later, given up after 20 minutes.
const LATENCY = '(80 + 820 * v.r2 * v.r2)';
const ERROR_LATENCY = `(case when v.r1 < 0.5 then 10000 else ${LATENCY} end)`;
const DURATION = `case pv.kind
    when 'start' then 2 + v.r1 * 8
    when 'auto' then 5 + v.r1 * 95
    when 'ai' then 300 + v.r1 * 2700
    when 'form' then case when v.r1 < 0.7 then ${3 * MINUTE} + v.r2 * ${6 * HOUR - 3 * MINUTE} else ${6 * HOUR} + v.r2 * ${4 * DAY - 6 * HOUR} end
    when 'form_abandoned' then ${7 * DAY} + v.r2 * ${14 * DAY}
    when 'approval' then case when v.r1 < 0.8 then ${20 * MINUTE} + v.r2 * (0.9 * pv.sla_ms - ${20 * MINUTE}) else pv.sla_ms * (1.05 + v.r2 * 1.45) end
    when 'tool' then ${LATENCY} + 15
    when 'tool_retry' then ${ERROR_LATENCY} + 2000 + ${LATENCY} + 15
    when 'tool_error' then (pv.retries + 1) * ${ERROR_LATENCY} + 2000 * (power(2, pv.retries) - 1) + 15
    when 'notify' then 50 + v.r1 * 450
    when 'notify_retry' then ${2 * MINUTE} + v.r2 * ${8 * MINUTE}
    when 'notify_fail' then ${20 * MINUTE}
    when 'delay' then pv.delay_ms
    else 1 + v.r1 * 9 end`;
const ms = (expr: string) => `make_interval(secs => (${expr}) / 1000.0)`;

/** Attempt k's end of a tool visit (its call is recorded then). */
const attemptAt = (k: string) =>
  `v.t_at + ${ms(`case pv.kind when 'tool' then ${LATENCY}
    when 'tool_retry' then case when ${k} = 1 then ${ERROR_LATENCY} else ${ERROR_LATENCY} + 2000 + ${LATENCY} end
    else ${k} * ${ERROR_LATENCY} + 2000 * (power(2, ${k} - 1) - 1) end`)}`;
const ATTEMPT_OK = `(pv.kind = 'tool' or (pv.kind = 'tool_retry' and k = 2))`;
const ATTEMPTS = `case pv.kind when 'tool' then 1 when 'tool_retry' then 2 else pv.retries + 1 end`;
const TOOL_ERROR = `case when v.r1 < 0.5 then '${TIMEOUT_ERROR}' else '${HTTP_ERROR}' end`;

/**
 * Events between two instants (`$1` ≤ at < `$2`, and never after now `$3`): each case's application_created, then
 * the events of its visits from their templates (bench_pe), sorted by time when `sorted`.
 */
function eventsSql(sorted: boolean): string {
  return `insert into application_events (application_id, organization_id, workflow_id, type, step_id, step_type, step_run_id, actor_type, actor_id, payload, error, created_at)
    select * from (
      select c.id, $4::uuid, c.workflow_id, 'application_created', null::uuid, null::text, null::uuid, 'api_key', null::text,
             jsonb_build_object('source', 'api', 'workflow_version', c.version), null::text, c.created_at as at
        from bench_case c where c.created_at >= $1 and c.created_at < $2 and c.created_at <= $3
      union all
      select v.application_id, $4::uuid, v.workflow_id, pv.type, pv.step_id, pv.step_type, v.run_id, pv.actor_type,
             case when pv.actor_type = 'user' then v.reviewer::text end,
             case pv.dynamic
               when 'approval_wait' then jsonb_build_object('waiting_for', 'approval', 'until', v.t_at + ${ms('pv.sla_ms')})
               when 'delay_wait' then jsonb_build_object('waiting_for', 'delay', 'until', v.l_at)
               when 'review' then jsonb_build_object('decision', pv.branch, 'review_task_id', v.task_id, 'overdue', v.l_at > v.t_at + ${ms('pv.sla_ms')})
               else pv.payload end,
             case pv.error when 'email' then '${NOTIFY_ERROR}' when 'tool' then ${TOOL_ERROR} end,
             a.at
        from bench_visit v join bench_pe pv on pv.path_id = v.path_id and pv.pos = v.pos
        cross join lateral (select case pv.at when 'entered' then v.t_at when 'waiting' then v.t_at + interval '1 millisecond'
                                              when 'email_retry' then v.t_at + ${ms('50 + v.r1 * 400')} when 'attempt' then ${attemptAt('pv.k')}
                                              else v.l_at end as at) a
       where v.l_at >= $1 and v.t_at < $2 and a.at >= $1 and a.at < $2 and a.at <= $3
    ) ev
    ${sorted ? 'order by ev.at' : ''}`;
}

function toolCallsSql(sorted: boolean): string {
  return `insert into tool_executions (tool_id, organization_id, caller_type, caller_id, environment, status, input, output, error, latency_ms, created_at)
    select * from (
      select pv.tool_id, $4::uuid, 'workflow', v.application_id::text, 'production',
             case when ${ATTEMPT_OK} then 'success' when v.r1 < 0.5 then 'timeout' else 'error' end,
             pv.tool_input, case when ${ATTEMPT_OK} then pv.tool_output end,
             case when ${ATTEMPT_OK} then null else ${TOOL_ERROR} end,
             round(case when ${ATTEMPT_OK} then ${LATENCY} else ${ERROR_LATENCY} end)::int, ${attemptAt('k')} as at
        from bench_visit v join bench_pv pv on pv.path_id = v.path_id and pv.pos = v.pos
        cross join generate_series(1, ${ATTEMPTS}) k
       where pv.tool_id is not null and v.l_at >= $1 and v.t_at < $2
    ) t where t.at >= $1 and t.at < $2 and t.at <= $3
    ${sorted ? 'order by t.at' : ''}`;
}

/**
 * Drops what makes a bulk insert slow, answering the statements that put it back: the secondary indexes of the bulk
 * tables, and the primary keys of the big ones (with the foreign keys that reference them) — all built again in one
 * pass each once the rows are in.
 */
async function dropForBulk(tx: Queryable): Promise<string[]> {
  const keys: string[] = [];
  const foreign: string[] = [];
  const indexes: string[] = [];
  for (const table of BULK_TABLES) {
    const res = await tx.query<{ name: string; definition: string }>(
      `select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
         from pg_index i join pg_class c on c.oid = i.indexrelid
        where i.indrelid = $1::regclass and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`,
      [table],
    );
    for (const index of res.rows) {
      await tx.query(`drop index ${index.name}`);
      indexes.push(index.definition);
    }
  }
  for (const table of KEYLESS_TABLES) {
    const refs = await tx.query<{ owner: string; name: string; definition: string }>(
      `select conrelid::regclass::text as owner, conname as name, pg_get_constraintdef(oid) as definition from pg_constraint where contype = 'f' and confrelid = $1::regclass`,
      [table],
    );
    for (const fk of refs.rows) {
      await tx.query(`alter table ${fk.owner} drop constraint ${fk.name}`);
      foreign.push(`alter table ${fk.owner} add constraint ${fk.name} ${fk.definition}`);
    }
    const pk = await tx.query<{ name: string; definition: string }>(
      `select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint where contype = 'p' and conrelid = $1::regclass`,
      [table],
    );
    for (const key of pk.rows) {
      await tx.query(`alter table ${table} drop constraint ${key.name}`);
      keys.push(`alter table ${table} add constraint ${key.name} ${key.definition}`);
    }
  }
  return [...keys, ...foreign, ...indexes];
}

/**
 * Writes `cases` applications of the organization over the last `days` days. One transaction writes everything up to
 * `recentFrom` (with the tables' secondary indexes dropped and built again after it, and foreign keys not checked
 * row by row: the rows are consistent by construction); a second one writes the events and tool calls since then,
 * in time order, as the runtime would have.
 */
export async function generateHistory(db: Db, org: BenchOrganization, o: GenerateOptions): Promise<Generated> {
  const seconds: Record<string, number> = {};
  const { visits, events, workflows, starts } = await pathRows(org);
  const now = o.now.toISOString();
  const recentFrom = o.recentFrom.toISOString();
  const start = new Date(o.now.getTime() - o.days * DAY).toISOString();
  const ancient = new Date(0).toISOString();
  o.log(
    `   ${org.workflows.length} workflows, ${workflows.reduce((n, w) => n + Number(w.paths), 0)} paths through them; writing ${o.cases.toLocaleString('en')} applications`,
  );

  let restore: string[] = [];
  let bulkEnd: Generated['bulkEnd'] = { events: null, calls: null };
  await db.transaction(async (tx) => {
    await tx.query(`set local session_replication_role = replica`);
    await tx.query(`set local work_mem = '${db.kind === 'pglite' ? '256MB' : '1GB'}'`);
    await tx.query('select setseed(0.42)');
    for (const t of STAGING) await tx.query(`drop table if exists ${t}`);
    await timed(seconds, 'paths and cases', o.log, async () => {
      await tx.query(
        `create unlogged table bench_wf as select * from jsonb_to_recordset($1::jsonb) as x(idx int, workflow_id uuid, version int, share float8, thresholds float8[], path_ids int[])`,
        [JSON.stringify(workflows)],
      );
      await tx.query(
        `create unlogged table bench_pv as select * from jsonb_to_recordset($1::jsonb) as x(path_id int, pos int, step_id uuid, step_type text, step_name text, kind text,
           branch text, final boolean, fails boolean, outcome text, sla_ms float8, role text, instructions text, reviewers uuid[], tool_id uuid, tool_name text, retries int,
           delay_ms float8, waiting_for text, tool_input jsonb, tool_output jsonb, merged jsonb, p_entered jsonb, p_completed jsonb, p_form jsonb)`,
        [JSON.stringify(visits)],
      );
      await tx.query(`create unlogged table bench_path as select * from jsonb_to_recordset($1::jsonb) as x(path_id int, initial_data jsonb)`, [
        JSON.stringify(starts),
      ]);
      await tx.query('create index on bench_pv (path_id, pos)');
      await tx.query(
        `create unlogged table bench_pe as select * from jsonb_to_recordset($1::jsonb) as x(path_id int, pos int, step_id uuid, step_type text, kind text, branch text,
           sla_ms float8, retries int, type text, at text, k int, payload jsonb, dynamic text, actor_type text, error text)`,
        [JSON.stringify(events.map(({ actor, ...e }) => ({ ...e, actor_type: actor })))],
      );
      // A workflow by its share, a path by its probability (width_bucket over the cumulative thresholds), a time with
      // traffic growing from 1 to 2 (times as many a day at the end as at the start): x = sqrt(1 + 3u) − 1. Case n is
      // the n-th to arrive (u = (n − r) / N), so the tables get their rows in arrival order, as the runtime writes them.
      const cumulative: number[] = [];
      let sum = 0;
      for (const w of workflows) {
        cumulative.push(sum);
        sum += Number(w.share);
      }
      await tx.query(
        `create unlogged table bench_case as
         select s.n, gen_random_uuid() as id, w.workflow_id, w.version,
                w.path_ids[width_bucket(s.r_path, w.thresholds)] as path_id,
                $2::timestamptz + make_interval(secs => $3::float8 * (sqrt(1 + 3 * (s.n - s.r_time) / $1::float8) - 1)) as created_at
           from (select n, width_bucket(random() * $4::float8, $5::float8[]) as wi, random() as r_path, random() as r_time from generate_series(1, $1::int) n) s
           join bench_wf w on w.idx = s.wi
          order by s.n`,
        [o.cases, start, (o.now.getTime() - new Date(start).getTime()) / 1000, sum, `{${cumulative.join(',')}}`],
      );
    });
    await timed(seconds, 'visits', o.log, async () => {
      // Each visit starts when the one before it ended; visits that would start after now have not happened.
      await tx.query(
        `create unlogged table bench_visit as
         with d as (
           select v.n, v.application_id, v.workflow_id, v.path_id, v.pos, v.created_at, v.r1, v.r2, v.r3, (${DURATION})::float8 as dur
             from (select c.n, c.id as application_id, c.workflow_id, c.path_id, pv.pos, c.created_at, random() as r1, random() as r2, random() as r3
                     from bench_case c join bench_pv pv on pv.path_id = c.path_id) v
             join bench_pv pv on pv.path_id = v.path_id and pv.pos = v.pos),
         t as (
           select d.*, d.created_at + make_interval(secs => (sum(d.dur) over (partition by d.n order by d.pos) - d.dur) / 1000.0) as t_at from d)
         select t.n, t.application_id, t.workflow_id, t.path_id, t.pos, t.r1, t.r2, t.t_at, t.t_at + make_interval(secs => t.dur / 1000.0) as l_at,
                gen_random_uuid() as run_id, case when pv.step_type = 'approval' then gen_random_uuid() end as task_id,
                pv.reviewers[1 + floor(t.r3 * cardinality(pv.reviewers))::int] as reviewer
           from t join bench_pv pv on pv.path_id = t.path_id and pv.pos = t.pos
          where t.t_at <= $1`,
        [now],
      );
    });

    restore = await dropForBulk(tx);
    const CURRENT = `(v.l_at > $1)`;
    await timed(seconds, 'applications', o.log, () =>
      tx.query(
        `insert into applications (id, organization_id, workflow_id, workflow_version, status, outcome, applicant, applicant_name, applicant_email, data,
                                   initial_data, external_ref, source, environment, current_step_id, current_step_run_id, step_entered_at, waiting_for, wait_until, error,
                                   created_at, updated_at, completed_at)
         select c.id, $2, c.workflow_id, c.version,
                case when ${CURRENT} then case when pv.waiting_for is null then 'running' else 'waiting' end
                     when pv.kind = 'end' then 'completed' when pv.kind = 'form_abandoned' then 'cancelled' else 'failed' end,
                case when ${CURRENT} then null when pv.kind = 'end' then pv.outcome when pv.kind = 'form_abandoned' then 'cancelled' end,
                jsonb_build_object('name', p.first || ' ' || p.last, 'email', p.email), p.first || ' ' || p.last, p.email,
                jsonb_build_object('email', p.email, 'first_name', p.first, 'last_name', p.last, 'country', p.country, 'city', p.city,
                                   'date_of_birth', (date '1950-01-01' + (c.n::bigint * 7919 % 18000)::int)::text, 'amount', 1000 + c.n * 37 % 39000,
                                   'phone', '+49 30 ' || (1000000 + c.n % 8999999)::text),
                bp.initial_data,
                'APP-' || lpad(c.n::text, 8, '0'), 'api', 'production', pv.step_id, v.run_id, v.t_at,
                case when ${CURRENT} then pv.waiting_for end,
                case when not ${CURRENT} then null when pv.kind = 'approval' then v.t_at + ${ms('pv.sla_ms')} when pv.waiting_for in ('retry', 'delay') then v.l_at end,
                case when not ${CURRENT} and pv.fails then
                  case when pv.kind = 'tool_error' then case when v.r1 < 0.5 then '${TIMEOUT_ERROR}' else '${HTTP_ERROR}' end else '${NOTIFY_ERROR}' end end,
                c.created_at, case when ${CURRENT} then v.t_at else v.l_at end, case when ${CURRENT} then null else v.l_at end
           from bench_visit v
           join bench_pv pv on pv.path_id = v.path_id and pv.pos = v.pos
           join bench_case c on c.n = v.n
           join bench_path bp on bp.path_id = c.path_id
           cross join lateral (select (array['Ada','Grace','Alan','Katherine','Linus','Margaret','Tim','Barbara','Dennis','Radia','Ken','Frances','Edsger','Hedy','John','Sophie'])[1 + c.n % 16] as first,
                                      (array['Lovelace','Hopper','Turing','Johnson','Torvalds','Hamilton','Berners-Lee','Liskov','Ritchie','Perlman','Thompson','Allen','Dijkstra','Lamarr','Backus','Wilson'])[1 + (c.n / 16) % 16] as last,
                                      (array['DE','FR','NL','ES','AT','PT','IE','CZ'])[1 + c.n % 8] as country,
                                      (array['Berlin','Paris','Amsterdam','Madrid','Vienna','Lisbon','Dublin','Prague'])[1 + c.n % 8] as city,
                                      'applicant.' || c.n || '@example.com' as email) p
          where ${CURRENT} or pv.final
          order by c.n`,
        [now, org.id],
      ),
    );
    await timed(seconds, 'step visits', o.log, () =>
      tx.query(
        `insert into application_steps (id, application_id, organization_id, workflow_id, step_id, step_type, step_name, status, attempts, branch, output, error, entered_at, completed_at,
                                        merged, input)
         select v.run_id, v.application_id, $2, v.workflow_id, pv.step_id, pv.step_type, pv.step_name,
                case when ${CURRENT} then case when pv.waiting_for is null then 'running' else 'waiting' end
                     when pv.fails then 'failed' when pv.kind = 'form_abandoned' then 'cancelled' else 'completed' end,
                case pv.kind when 'form' then 0 when 'form_abandoned' then 0 when 'tool_retry' then 2 when 'tool_error' then pv.retries + 1
                             when 'notify_retry' then 2 when 'notify_fail' then 4 else 1 end,
                case when not ${CURRENT} then pv.branch end,
                case when ${CURRENT} then null
                     when pv.step_type = 'condition' then jsonb_build_object('branch', pv.branch)
                     when pv.kind = 'approval' then jsonb_build_object('decision', pv.branch)
                     when pv.step_type = 'tool' then jsonb_build_object('tool', pv.tool_name, 'status', case when pv.kind = 'tool_error' then 'error' else 'success' end) end,
                case when not ${CURRENT} and pv.fails then
                  case when pv.kind = 'tool_error' then case when v.r1 < 0.5 then '${TIMEOUT_ERROR}' else '${HTTP_ERROR}' end else '${NOTIFY_ERROR}' end end,
                v.t_at, case when ${CURRENT} then null else v.l_at end,
                case when not ${CURRENT} and not pv.fails then pv.merged end, pv.tool_input
           from bench_visit v join bench_pv pv on pv.path_id = v.path_id and pv.pos = v.pos`,
        [now, org.id],
      ),
    );
    await timed(seconds, 'review tasks', o.log, () =>
      tx.query(
        `insert into review_tasks (id, organization_id, application_id, workflow_id, step_id, step_run_id, step_name, assignee_role, instructions, status, due_at,
                                   decided_by, decided_at, comment, created_at)
         select v.task_id, $2, v.application_id, v.workflow_id, pv.step_id, v.run_id, pv.step_name, pv.role, pv.instructions,
                case when ${CURRENT} then 'open' else pv.branch end, v.t_at + ${ms('pv.sla_ms')},
                case when not ${CURRENT} then v.reviewer end, case when not ${CURRENT} then v.l_at end,
                case when not ${CURRENT} and pv.branch = 'rejected' then (array['Document expired','Income could not be verified','Selfie does not match the document'])[1 + floor(v.r2 * 3)::int] end,
                v.t_at
           from bench_visit v join bench_pv pv on pv.path_id = v.path_id and pv.pos = v.pos
          where pv.kind = 'approval'
          order by v.t_at`,
        [now, org.id],
      ),
    );
    await timed(seconds, 'events (bulk)', o.log, () => tx.query(eventsSql(false), [ancient, recentFrom, now, org.id]));
    await timed(seconds, 'tool calls (bulk)', o.log, () => tx.query(toolCallsSql(true), [ancient, recentFrom, now, org.id]));
    // Where this transaction's rows end, for the shortcut.
    bulkEnd = { events: await lastOf(tx, 'application_events'), calls: await lastOf(tx, 'tool_executions') };
  });

  // What happened since `recentFrom`, in time order, in a transaction of its own: the refresher folds it.
  await timed(seconds, 'recent events', o.log, () =>
    db.transaction(async (tx) => {
      await tx.query(`set local session_replication_role = replica`);
      await tx.query(`set local work_mem = '256MB'`);
      // Up to and including now (what happened exactly then too).
      const end = new Date(o.now.getTime() + 1).toISOString();
      await tx.query(eventsSql(true), [recentFrom, end, now, org.id]);
      await tx.query(toolCallsSql(true), [recentFrom, end, now, org.id]);
    }),
  );
  await timed(seconds, 'indexes', o.log, () =>
    db.transaction(async (tx) => {
      await tx.query(`set local maintenance_work_mem = '${MAINTENANCE_WORK_MEM[db.kind]}'`);
      for (const statement of restore) {
        const started = performance.now();
        await tx.query(statement);
        const took = (performance.now() - started) / 1000;
        if (took >= 5) o.log(`       ${took.toFixed(1).padStart(6)} s  ${statement.slice(0, 110)}`);
      }
    }),
  );

  const counts: Record<string, number> = {};
  for (const table of ['applications', 'application_steps', 'application_events', 'review_tasks', 'tool_executions']) {
    counts[table] = (await db.query<{ n: number }>(`select count(*)::int as n from ${table} where organization_id = $1`, [org.id])).rows[0]!.n;
  }
  const live = await db.query<{ open: number; waiting_form: number; open_reviews: number; overdue: number }>(
    `select (select count(*) from applications where organization_id = $1 and completed_at is null)::int as open,
            (select count(*) from applications where organization_id = $1 and completed_at is null and waiting_for = 'form')::int as waiting_form,
            (select count(*) from review_tasks where organization_id = $1 and status = 'open')::int as open_reviews,
            (select count(*) from review_tasks where organization_id = $1 and status = 'open' and due_at < $2)::int as overdue`,
    [org.id, now],
  );
  Object.assign(counts, live.rows[0]);
  return { counts, seconds, bulkEnd };
}

/** The last row a transaction wrote to `table` (this transaction's id, the last value its identity handed out). */
async function lastOf(tx: Queryable, table: string): Promise<{ tx: string; seq: string }> {
  const sequence = (await tx.query<{ name: string }>(`select pg_get_serial_sequence($1, 'seq') as name`, [table])).rows[0]!.name;
  const res = await tx.query<{ tx: string; seq: string }>(`select pg_current_xact_id()::text as tx, last_value::text as seq from ${sequence}`);
  return res.rows[0]!;
}

/** Drops the staging tables of `generateHistory`. */
export async function dropStaging(db: Db): Promise<void> {
  for (const t of STAGING) await db.query(`drop table if exists ${t}`);
}

// ------------------------------------------------------------------------------------------------ rollups in one pass

/**
 * What `refreshAllRollups` would add to the rollups for the events and tool calls in (from, to] (by (tx, seq)),
 * computed with set-based SQL: the refresher's own select list (EVENTS_AFTER, TOOL_CALLS_AFTER), then grouped by
 * the rollups' keys, with the histograms built bucket by bucket as `bucketOf` does (bucket 0 under 1 ms, bucket
 * i ≥ 1 for [1.25^(i-1), 1.25^i) ms) and failure reasons normalised by the server's `normalizeReason`.
 * `target` names the table to add to (the rollup itself, or a copy to compare with).
 */
export async function foldWithSql(
  db: Db,
  range: { events: { from: Bookmark; to: Bookmark } | null; calls: { from: Bookmark; to: Bookmark } | null },
  target: (table: RollupTable) => string,
  log?: (message: string) => void,
): Promise<void> {
  const seconds: Record<string, number> = {};
  const step = <T>(name: string, fn: () => Promise<T>) => (log ? timed(seconds, name, log, fn) : fn());
  const hour = (column: string) => `date_bin('1 hour', ${column}, timestamptz '2000-01-01 00:00:00+00')`;
  const day = (column: string) => `date_bin('1 day', ${column}, timestamptz '2000-01-01 00:00:00+00')`;
  const week = (column: string) => `date_bin('7 days', ${column}, timestamptz '2000-01-03 00:00:00+00')`; // Mondays
  const bucket = (column: string) =>
    `case when ${column} >= 1 then least(${HISTOGRAM_BUCKETS - 1}, floor(ln(${column}) / ln(${HISTOGRAM_BASE}::float8) + 1e-9)::int + 1) else 0 end`;
  const rounded = (column: string) => `floor(${column} + 0.5)::bigint`;
  /** One histogram per key: counts per bucket, zeros between, as long as the highest bucket used. */
  const histogram = (source: string, keys: string[], msColumn: string) => `
    select ${keys.join(', ')}, array(select coalesce((h.counts ->> g::text)::int, 0) from generate_series(0, h.top) g order by g) as hist
      from (select ${keys.join(', ')}, jsonb_object_agg(b, n) as counts, max(b) as top
              from (select ${keys.join(', ')}, ${bucket(msColumn)} as b, count(*)::int as n from ${source} where ${msColumn} is not null group by ${keys.join(', ')}, b) x
             group by ${keys.join(', ')}) h`;
  const upsert = (table: RollupTable, select: string) => {
    const columns = [...table.keys.map(([c]) => c), ...table.counters.map(([c]) => c), ...table.histograms];
    const updates = [
      ...table.counters.map(([c]) => `${c} = s.${c} + excluded.${c}`),
      ...table.histograms.map(
        (h) =>
          `${h} = (select coalesce(array_agg(coalesce(a, 0) + coalesce(b, 0) order by i), '{}') from unnest(s.${h}, excluded.${h}) with ordinality as u(a, b, i))`,
      ),
    ];
    return `insert into ${target(table)} as s (${columns.join(', ')}) ${select}
            on conflict (${table.conflict.join(', ')}) do update set ${updates.join(', ')}`;
  };

  await db.transaction(async (tx) => {
    await tx.query(`set local work_mem = '${db.kind === 'pglite' ? '256MB' : '1GB'}'`);
    await tx.query('drop table if exists bench_fold_events');
    await tx.query('drop table if exists bench_fold_calls');
    await tx.query('drop table if exists bench_reasons');
    const { events, calls } = range;
    if (events) {
      await step('fold: events', () =>
        tx.query(
          `create unlogged table bench_fold_events as
         select e.type, e.organization_id, e.workflow_id, e.step_id, coalesce(e.step_type, '') as step_type, ${hour('e.created_at')} as hour, ${day('e.created_at')} as day, ${week('e.created_at')} as week, e.error,
                e.payload->>'outcome' as outcome, e.payload->>'decision' as decision,
                case when e.type = 'step_completed' then (extract(epoch from s.completed_at - s.entered_at) * 1000)::float8 end as duration_ms,
                case when e.type = 'application_completed' then (extract(epoch from e.created_at - a.created_at) * 1000)::float8 end as case_ms,
                r.assignee_role,
                case when e.type = 'review_decided' then (extract(epoch from e.created_at - r.created_at) * 1000)::float8 end as review_ms,
                (e.created_at > r.due_at) as breached
           from application_events e
           left join application_steps s on e.type = 'step_completed' and s.id = e.step_run_id
           left join applications a on e.type = 'application_completed' and a.id = e.application_id
           left join review_tasks r on e.type = 'review_decided' and r.id = (case when e.type = 'review_decided' then (e.payload->>'review_task_id')::uuid end)
          where (e.tx, e.seq) > ($1::xid8, $2::bigint) and (e.tx, e.seq) <= ($3::xid8, $4::bigint) and e.workflow_id is not null
            and e.type in ('application_created', 'application_completed', 'application_failed', 'application_cancelled', 'application_retried',
                           'step_entered', 'step_completed', 'step_failed', 'review_decided')`,
          [events.from.tx, events.from.seq, events.to.tx, events.to.seq],
        ),
      );
    } else await tx.query(`create unlogged table bench_fold_events as select null::text as type, null::text as error limit 0`);
    if (calls) {
      await step('fold: tool calls', () =>
        tx.query(
          `create unlogged table bench_fold_calls as
         select e.organization_id, e.tool_id, ${hour('e.created_at')} as hour, ${day('e.created_at')} as day, ${week('e.created_at')} as week, e.caller_type,
                coalesce(case when e.caller_type = 'workflow' then a.workflow_id::text else e.caller_id end, '') as caller_key,
                e.status, e.error, e.latency_ms::float8 as latency_ms
           from tool_executions e
           left join applications a on e.caller_type = 'workflow'
                and a.id = (case when e.caller_type = 'workflow' and e.caller_id ~* '^[0-9a-f-]{36}$' then e.caller_id::uuid end)
          where (e.tx, e.seq) > ($1::xid8, $2::bigint) and (e.tx, e.seq) <= ($3::xid8, $4::bigint) and e.tool_id is not null`,
          [calls.from.tx, calls.from.seq, calls.to.tx, calls.to.seq],
        ),
      );
    } else await tx.query(`create unlogged table bench_fold_calls as select null::text as status, null::text as error limit 0`);
    await tx.query('analyze bench_fold_events');
    await tx.query('analyze bench_fold_calls');

    // Failure reasons and tool errors, normalised by the server's own function.
    const raw = await tx.query<{ error: string }>(
      `select distinct coalesce(error, '') as error from bench_fold_events where type = 'application_failed'
       union select distinct coalesce(error, '') from bench_fold_calls where status <> 'success'`,
    );
    await tx.query(`create unlogged table bench_reasons as select * from unnest($1::text[], $2::text[]) as r(error, reason)`, [
      raw.rows.map((r) => r.error),
      raw.rows.map((r) => normalizeReason(r.error)),
    ]);
    if (!range.events && !range.calls) return;

    // Each rollup by the hour, then its twins by the UTC day and week.
    for (const g of ['hour', 'day', 'week'] as const) {
      const of = (t: RollupTable) => (g === 'hour' ? t : rollupTwin(t, g)!);
      if (range.events) {
        const caseTypes = `type in ('application_created', 'application_completed', 'application_failed', 'application_cancelled', 'application_retried')`;
        const decided = `(type = 'application_completed' and outcome in ('approved', 'rejected'))`;
        const appKeys = ['organization_id', 'workflow_id', g];
        await step(`fold: application_stats (${g})`, () =>
          tx.query(
            upsert(
              of(APPLICATION_STATS),
              `select k.organization_id, k.workflow_id, k.${g}, k.started, k.completed, k.approved, k.rejected, k.failed, k.cancelled, k.retried, k.decision_ms_sum, coalesce(h.hist, '{}')
               from (select organization_id, workflow_id, ${g},
                            count(*) filter (where type = 'application_created')::int as started,
                            count(*) filter (where type = 'application_completed')::int as completed,
                            count(*) filter (where type = 'application_completed' and outcome = 'approved')::int as approved,
                            count(*) filter (where type = 'application_completed' and outcome = 'rejected')::int as rejected,
                            count(*) filter (where type = 'application_failed')::int as failed,
                            count(*) filter (where type = 'application_cancelled')::int as cancelled,
                            count(*) filter (where type = 'application_retried')::int as retried,
                            coalesce(sum(${rounded('case_ms')}) filter (where ${decided}), 0)::bigint as decision_ms_sum
                       from bench_fold_events where ${caseTypes} group by 1, 2, 3) k
               left join (${histogram(`(select * from bench_fold_events where ${decided}) d`, appKeys, 'case_ms')}) h using (organization_id, workflow_id, ${g})`,
            ),
          ),
        );
        const stepKeys = ['organization_id', 'workflow_id', 'step_id', g, 'step_type'];
        const stepRows = `(select * from bench_fold_events where step_id is not null
                             and (type in ('step_entered', 'step_completed', 'step_failed') or type = 'application_cancelled')) st`;
        await step(`fold: step_stats (${g})`, () =>
          tx.query(
            upsert(
              of(STEP_STATS),
              `select k.*, coalesce(h.hist, '{}')
               from (select organization_id, workflow_id, step_id, ${g}, step_type,
                            count(*) filter (where type = 'step_entered')::int as entered,
                            count(*) filter (where type = 'step_completed')::int as completed,
                            count(*) filter (where type = 'step_failed')::int as failed,
                            count(*) filter (where type = 'application_cancelled')::int as cancelled,
                            coalesce(sum(${rounded('duration_ms')}) filter (where type = 'step_completed'), 0)::bigint as duration_ms_sum
                       from ${stepRows} group by 1, 2, 3, 4, 5) k
               left join (${histogram(`(select * from bench_fold_events where type = 'step_completed' and step_id is not null) d`, stepKeys, 'duration_ms')}) h
                    using (organization_id, workflow_id, step_id, ${g}, step_type)`,
            ),
          ),
        );
        const reviewKeys = ['organization_id', 'workflow_id', 'step_id', 'assignee_role', g];
        const reviews = `(select * from bench_fold_events where type = 'review_decided' and step_id is not null and assignee_role is not null) rv`;
        await step(`fold: review_stats (${g})`, () =>
          tx.query(
            upsert(
              of(REVIEW_STATS),
              `select k.*, coalesce(h.hist, '{}')
               from (select organization_id, workflow_id, step_id, assignee_role, ${g}, count(*)::int as decided,
                            count(*) filter (where decision = 'approved')::int as approved, count(*) filter (where decision = 'rejected')::int as rejected,
                            count(*) filter (where breached)::int as breached, coalesce(sum(${rounded('review_ms')}), 0)::bigint as wait_ms_sum
                       from ${reviews} group by 1, 2, 3, 4, 5) k
               left join (${histogram(reviews, reviewKeys, 'review_ms')}) h using (organization_id, workflow_id, step_id, assignee_role, ${g})`,
            ),
          ),
        );
        await step(`fold: failure_stats (${g})`, () =>
          tx.query(
            upsert(
              of(FAILURE_STATS),
              `select f.organization_id, f.workflow_id, coalesce(f.step_id, '${NO_STEP}'::uuid), f.step_type, f.${g}, r.reason, count(*)::int
               from bench_fold_events f join bench_reasons r on r.error = coalesce(f.error, '')
              where f.type = 'application_failed' group by 1, 2, 3, 4, 5, 6`,
            ),
          ),
        );
      }
      if (range.calls) {
        const toolKeys = ['organization_id', 'tool_id', g, 'caller_type', 'caller_key'];
        await step(`fold: tool_stats (${g})`, () =>
          tx.query(
            upsert(
              of(TOOL_STATS),
              `select k.*, coalesce(h.hist, '{}')
               from (select organization_id, tool_id, ${g}, caller_type, caller_key, count(*)::int as calls,
                            count(*) filter (where status = 'success')::int as successes, count(*) filter (where status <> 'success')::int as errors,
                            coalesce(sum(${rounded('latency_ms')}), 0)::bigint as latency_ms_sum
                       from bench_fold_calls group by 1, 2, 3, 4, 5) k
               left join (${histogram('bench_fold_calls', toolKeys, 'latency_ms')}) h using (organization_id, tool_id, ${g}, caller_type, caller_key)`,
            ),
          ),
        );
        await step(`fold: tool_error_stats (${g})`, () =>
          tx.query(
            upsert(
              of(TOOL_ERROR_STATS),
              `select c.organization_id, c.tool_id, c.${g}, r.reason, count(*)::int
               from bench_fold_calls c join bench_reasons r on r.error = coalesce(c.error, '')
              where c.status <> 'success' group by 1, 2, 3, 4`,
            ),
          ),
        );
      }
    }
  });
  for (const t of ['bench_fold_events', 'bench_fold_calls', 'bench_reasons']) await db.query(`drop table if exists ${t}`);
}

export interface Bookmark {
  tx: string;
  seq: string;
}

const HOURLY_TABLES: readonly RollupTable[] = [APPLICATION_STATS, STEP_STATS, REVIEW_STATS, FAILURE_STATS, TOOL_STATS, TOOL_ERROR_STATS];
/** Every rollup table: the hourly ones and their daily and weekly twins. */
export const ROLLUP_TABLES: readonly RollupTable[] = [
  ...HOURLY_TABLES,
  ...HOURLY_TABLES.flatMap((t) => [rollupTwin(t, 'day') ?? [], rollupTwin(t, 'week') ?? []].flat()),
];

/** Where the refresher has read each source up to. */
export async function bookmarks(db: Queryable): Promise<Record<'application_events' | 'tool_executions', Bookmark>> {
  const res = await db.query<{ name: string; tx: string; seq: string }>('select name, tx::text as tx, seq::text as seq from analytics_progress');
  const by = Object.fromEntries(res.rows.map((r) => [r.name, { tx: r.tx, seq: r.seq }]));
  return { application_events: by.application_events!, tool_executions: by.tool_executions! };
}

/**
 * Checks the set-based fold against the refresher on this database (whose rollups the refresher has just built from
 * every event): the same fold into empty copies of the rollup tables must give exactly the same rows. Answers the
 * rows compared per table, or throws on the first difference.
 */
export async function checkFoldAgreement(db: Db): Promise<Record<string, number>> {
  const marks = await bookmarks(db);
  const zero = { tx: '0', seq: '0' };
  const copy = (t: RollupTable) => `bench_check_${t.name}`;
  for (const t of ROLLUP_TABLES) {
    await db.query(`drop table if exists ${copy(t)}`);
    await db.query(`create unlogged table ${copy(t)} (like ${t.name} including defaults)`);
    await db.query(`alter table ${copy(t)} add primary key (${t.conflict.join(', ')})`);
  }
  await foldWithSql(db, { events: { from: zero, to: marks.application_events }, calls: { from: zero, to: marks.tool_executions } }, copy);
  const compared: Record<string, number> = {};
  try {
    for (const t of ROLLUP_TABLES) {
      const res = await db.query<{ rows: number; missing: number; extra: number; sample: unknown }>(
        `select (select count(*) from ${t.name})::int as rows,
                (select count(*) from (select * from ${t.name} except all select * from ${copy(t)}) x)::int as missing,
                (select count(*) from (select * from ${copy(t)} except all select * from ${t.name}) x)::int as extra,
                (select to_jsonb(x) from (select * from ${t.name} except all select * from ${copy(t)} limit 1) x) as sample`,
      );
      const r = res.rows[0]!;
      if (r.missing > 0 || r.extra > 0) {
        throw new Error(
          `The set-based fold disagrees with the refresher on ${t.name}: ${r.missing} rows differ, ${r.extra} extra (e.g. ${JSON.stringify(r.sample)})`,
        );
      }
      compared[t.name] = r.rows;
    }
  } finally {
    for (const t of ROLLUP_TABLES) await db.query(`drop table if exists ${copy(t)}`);
  }
  return compared;
}

/** A fresh id for names of things the bench creates. */
export const shortId = () => randomUUID().slice(0, 8);
