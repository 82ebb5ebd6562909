// What each generated case of the analytics history records, so that it replays as it went (issue 36's identity check
// on bench:analytics's history). analytics-history.ts draws a case's way through its workflow (a path: a branch at
// each condition, a decision at each review, a tool call answered or failing); this finds, per path, the data the case
// starts with, the answers it gives at each form and what each tool is called with, such that the workflow's own
// conditions take the path's branches. The path is then replayed with the real replay (ADR 0058) to prove it: a path
// the data cannot give is an error here, never a case that replays differently later.
import type { SavedStep } from '../../packages/contract/src/workflows/api.ts';
import { builtinAiProvider } from '../../apps/server/src/engine/ai/builtin-provider.ts';
import { formAnswered, type FormConfig } from '../../apps/server/src/engine/executors/form.ts';
import type { ToolCall } from '../../apps/server/src/engine/ports.ts';
import type { RecordedCase, RecordedVisit } from '../../apps/server/src/engine/replay/recorded-case.ts';
import { describeEnd } from '../../apps/server/src/engine/replay/identity.ts';
import { replayCase, type LocalTool } from '../../apps/server/src/engine/replay/replay-case.ts';
import type { PinnedGraph } from '../../apps/server/src/engine/pinned-graph.ts';
import { demoAnswers, seededRandom } from '../../apps/server/src/modules/setup/demo-applications.ts';

/** One visit of a path, as analytics-history.ts models it. */
export interface PathVisit {
  step: SavedStep;
  kind: string;
  branch: string | null;
}

/** What a case of the path records: its starting data, and per visit what it merged and (tool steps) its call's input. */
export interface PathRecord {
  initial: Record<string, unknown>;
  merged: (Record<string, unknown> | null)[];
  inputs: (Record<string, unknown> | null)[];
}

/**
 * The data that sends a condition down a branch, by the template's step key and the branch (`undefined`: the field is
 * not answered). Every condition of the shipped templates the benchmark uses is here; a new one fails the generator.
 */
const BRANCH_DATA: Readonly<Record<string, Readonly<Record<string, Readonly<Record<string, unknown>>>>>> = {
  age_check: { adult: { date_of_birth: '1985-12-10' }, otherwise: { date_of_birth: '2014-06-01' } },
  risk_routing: {
    high_risk: { country_of_incorporation: 'IR', industry: 'Retail', beneficial_owner_count: 1 },
    otherwise: { country_of_incorporation: 'DE', industry: 'Retail', beneficial_owner_count: 2 },
  },
  affordability: {
    decline: { employment_status: 'Unemployed', requested_amount: 8000, annual_income: 12000, monthly_expenses: 900 },
    manual_review: { employment_status: 'Employed', requested_amount: 30000, annual_income: 90000, monthly_expenses: 1500 },
    otherwise: { employment_status: 'Employed', requested_amount: 10000, annual_income: 60000, monthly_expenses: 1500 },
  },
  documents_complete: {
    complete: {
      id_document: [{ file_name: 'id_document.pdf', content_type: 'application/pdf', size_bytes: 240_000 }],
      proof_of_address: [{ file_name: 'proof_of_address.pdf', content_type: 'application/pdf', size_bytes: 180_000 }],
    },
    otherwise: { id_document: undefined, proof_of_address: undefined },
  },
  moved_abroad: { abroad: { country: 'FR', previous_country: 'DE' }, otherwise: { country: 'DE', previous_country: 'DE' } },
  risk_score: {
    high: { mcc: '7995', expected_monthly_volume: 20000, average_ticket: 40, refund_policy: '30 days' },
    medium: { mcc: '5411', expected_monthly_volume: 80000, average_ticket: 40, refund_policy: '30 days' },
    otherwise: { mcc: '5411', expected_monthly_volume: 20000, average_ticket: 40, refund_policy: '30 days' },
  },
};

/**
 * A path no case can take: after a failed tool call the case went on with, a condition goes the way the error sends
 * it; a branch needs a form's required field unanswered.
 */
export class UnreachablePath extends Error {
  constructor() {
    super('No case can take this path');
  }
}

const PERSON = { first: 'Ada', last: 'Lovelace', email: 'ada.lovelace@example.com' };

/** A plausible value for a field the start step requires. */
const startValue = (key: string) => (/email/.test(key) ? PERSON.email : /country/.test(key) ? 'DE' : /id$/.test(key) ? 'CUST-000042' : 'Example');

const set = (target: Record<string, unknown>, key: string, value: unknown) => {
  if (value === undefined) delete target[key];
  else target[key] = value;
};

/** What a visit's tool call answers: the tool's usual output, or an error where the path has the call fail. */
function toolAnswer(kind: string, output: Record<string, unknown>): { call: ToolCall; source: 'computed' } {
  const failing = kind === 'tool_error';
  return {
    source: 'computed',
    call: {
      kind: 'ran',
      executionId: '',
      status: failing ? 'error' : 'success',
      latencyMs: 0,
      output: failing ? null : output,
      error: failing ? 'The service answered 503 Service Unavailable' : null,
      afterwards: async () => undefined,
    },
  };
}

/**
 * What a case of `path` through `graph` records. `keys` names each step's template key (for BRANCH_DATA), `outputs`
 * what each tool answers, and `seed` makes the answers the same on every run.
 */
export async function recordOfPath(
  graph: PinnedGraph,
  keys: ReadonlyMap<string, string>,
  path: readonly PathVisit[],
  outputs: Readonly<Record<string, Record<string, unknown>>>,
  seed: number,
): Promise<PathRecord> {
  const random = seededRandom(seed);
  const initial: Record<string, unknown> = {};
  for (const key of (graph.start?.config as { required_fields?: string[] }).required_fields ?? []) initial[key] = startValue(key);
  const answers = new Map<number, Record<string, unknown>>();
  path.forEach((v, pos) => {
    if (v.kind === 'form') answers.set(pos, demoAnswers(random, v.step.config as unknown as FormConfig, PERSON));
  });
  // Each condition's branch: its fields are answered at the latest form before it that asks for them, else they are
  // in the data the case starts with.
  path.forEach((v, pos) => {
    if (v.step.type !== 'condition') return;
    const key = keys.get(v.step.id) ?? v.step.id;
    const data = BRANCH_DATA[key]?.[v.branch ?? ''];
    if (!data) throw new Error(`path-records: no data for the condition "${key}" taking "${v.branch}"`);
    for (const [field, value] of Object.entries(data)) {
      let at = -1;
      for (let j = pos - 1; j >= 0 && at < 0; j -= 1) {
        const form = path[j]!;
        if (form.kind === 'form' && (form.step.config as unknown as FormConfig).fields.some((f) => f.key === field)) at = j;
      }
      // A form cannot be sent without a required field: a branch that needs it unanswered is not a way a case can go.
      if (at >= 0 && value === undefined && (path[at]!.step.config as unknown as FormConfig).fields.some((f) => f.key === field && f.required))
        throw new UnreachablePath();
      set(at >= 0 ? answers.get(at)! : initial, field, value);
    }
  });

  // The case as the replay needs it: the answers, the decisions, the notifications that failed, a form abandoned.
  const visits: RecordedVisit[] = [];
  path.forEach((v, pos) => {
    const at = new Date(pos * 1000);
    const visit = (status: string, extra: Partial<RecordedVisit> = {}): RecordedVisit => ({
      step_id: v.step.id,
      step_type: v.step.type,
      status,
      branch: null,
      merged: null,
      input: null,
      output: null,
      error: null,
      entered_at: at,
      completed_at: at,
      ...extra,
    });
    if (v.kind === 'form') visits.push(visit('completed', { merged: answers.get(pos)! }));
    else if (v.kind === 'form_abandoned') visits.push(visit('cancelled'));
    else if (v.kind === 'approval') visits.push(visit('completed', { branch: v.branch }));
    else if (v.step.type === 'notification')
      visits.push(visit(v.kind === 'notify_fail' ? 'failed' : 'completed', v.kind === 'notify_fail' ? { error: 'failed' } : {}));
  });
  const recorded: RecordedCase = {
    id: '00000000-0000-4000-8000-000000000000',
    organization_id: '00000000-0000-4000-8000-000000000000',
    workflow_id: graph.workflowId,
    workflow_version: graph.version,
    environment: 'production',
    applicant: { name: `${PERSON.first} ${PERSON.last}`, email: PERSON.email },
    external_ref: null,
    initial_data: initial,
    status: 'completed',
    outcome: null,
    current_step_id: null,
    waiting_for: null,
    error: null,
    created_at: new Date(0),
    completed_at: null,
    visits,
  };

  const merged: (Record<string, unknown> | null)[] = path.map(() => null);
  const inputs: (Record<string, unknown> | null)[] = path.map(() => null);
  let pos = 0;
  const problem = (what: string) =>
    new Error(`path-records: ${graph.name}, ${path.map((v) => `${v.step.name}${v.branch ? `[${v.branch}]` : ''}`).join(' → ')}: ${what}`);
  const tool: LocalTool = async (input) => {
    const name = String(path[pos]!.step.config.tool_name);
    inputs[pos] = input;
    return toolAnswer(path[pos]!.kind, outputs[name] ?? {});
  };
  const tools = new Map(path.filter((v) => v.step.type === 'tool').map((v) => [String(v.step.config.tool_name), tool]));
  const result = await replayCase(graph, recorded, graph, {
    ai: builtinAiProvider,
    newReviews: 'wait',
    localTools: tools,
    onVisit: ({ step, branch, before, merged: m }) => {
      const v = path[pos];
      if (!v || v.step.id !== step.id) throw problem(`step ${pos + 1} went to "${step.name}"`);
      if (v.step.type === 'condition' && branch !== v.branch) {
        // A tool step that went on after its call failed leaves the error in the data, and the conditions after it
        // read it: the workflow itself decides where such a case goes, and this path is not one of its ways.
        if (path.slice(0, pos).some((p) => p.kind === 'tool_error')) throw new UnreachablePath();
        throw problem(`"${step.name}" took "${branch}" on ${JSON.stringify(before)}`);
      }
      // A case still at this form waits for it: the data so far must not answer it.
      if (step.type === 'form' && formAnswered(step.config as unknown as FormConfig, before)) throw problem(`"${step.name}" is answered before it is asked`);
      merged[pos] = m && Object.keys(m).length > 0 ? m : null;
      pos += 1;
    },
  });
  const last = path.at(-1)!;
  const expected =
    last.kind === 'end' ? `completed (${String(last.step.config.outcome ?? 'completed')})` : last.kind === 'form_abandoned' ? 'cancelled' : 'failed';
  const got = describeEnd(result.end);
  // The replay passes every step but the last, where it ends (or fails, or finds the case cancelled).
  if (!got.startsWith(expected) || pos !== path.length - 1) throw problem(`the replay ${got} after ${pos} steps`);
  if (last.kind === 'form_abandoned' && formAnswered(last.step.config as unknown as FormConfig, result.data))
    throw problem(`"${last.step.name}" is answered before it is asked`);
  return { initial, merged, inputs };
}
