import { z } from 'zod';
import { openJsonObject, requiredText } from '../input-rules.ts';
import { getStepType, stepBranches, validateStepConfig } from './step-types/registry.ts';

/** How far from the origin a step may sit on the canvas, in pixels (a 2,000-step graph needs a fraction of it). */
export const POSITION_LIMIT = 1_000_000;
export const positionSchema = z.object({
  x: z.number().finite().min(-POSITION_LIMIT).max(POSITION_LIMIT),
  y: z.number().finite().min(-POSITION_LIMIT).max(POSITION_LIMIT),
});

/** A step's config as the API takes it: open JSON, checked against the step type's config schema by the server. */
export const stepConfigInput = openJsonObject({
  description: "The step's configuration, checked against its type's config schema",
  checkedAgainst:
    "The config schema of the step's type (GET /api/admin/workflows/step-templates answers each type's `config_schema`). Refused with 422 on `config.<field>` otherwise (in a graph, as the graph's `invalid_config` problem)",
});

/** A step inside a graph document. `id` is any stable key (a UUID once saved; a client key while drafting). */
export const graphStepSchema = z.object({
  id: requiredText().max(64),
  type: requiredText().max(40),
  name: requiredText('Step name is required').max(200),
  config: stepConfigInput.default({}),
  position: positionSchema.default({ x: 0, y: 0 }),
});
export type GraphStep = z.infer<typeof graphStepSchema>;

export const graphConnectionSchema = z.object({
  id: requiredText().max(64).optional(),
  source: requiredText().max(64),
  target: requiredText().max(64),
  /** For branching steps: the branch id this connection carries (e.g. a condition branch, "approved"). */
  condition: z.string().trim().max(64).nullish(),
  label: z.string().trim().max(200).nullish(),
});
export type GraphConnection = z.infer<typeof graphConnectionSchema>;

/** The builder opens and drags a graph this large within its budget (DESIGN §9, `npm run bench:builder`). */
export const MAX_GRAPH_STEPS = 2000;

/**
 * The rules structuralProblems and activationProblems check, in words with their messages (`<step>` is a step's
 * name), for the OpenAPI document (`x-rules` of every graph). Keep them beside the checks.
 */
export const GRAPH_RULES: readonly string[] = [
  'Always, or the graph is not saved (422 with `problems`): step ids are unique: "Two steps share the id "<id>""',
  'Always: a connection joins two steps of the graph: "A connection must join two steps of this workflow"',
  'Always: a connection joins two different steps: "A step cannot connect to itself"',
  'For an active workflow (and to activate one): a Start step: "Add a Start step"',
  'For an active workflow: one Start step only: "A workflow has exactly one Start step"',
  'For an active workflow: an End step: "Add an End step"',
  'For an active workflow: each step is of a known type (GET /api/admin/workflows/step-templates): ""<step>" has an unknown type "<type>""',
  'For an active workflow: each step\'s config passes its type\'s config schema: "<step>: <field> — <message>"',
  'For an active workflow: a tool step names an approved, enabled tool of the organization: "<step>: tool "<tool>" is not an approved, enabled tool"',
  'For an active workflow: nothing connects into a Start step: "Nothing can connect into "<step>""',
  'For an active workflow: an End step connects onward to nothing: ""<step>" ends the workflow; it cannot connect onward"',
  'For an active workflow: a step with one way on connects to one next step: ""<step>" can connect to one next step only"',
  'For an active workflow: each branch of a step with branches has one connection: ""<step>": connect the "<branch>" branch"',
  'For an active workflow: no branch has two connections: ""<step>": the "<branch>" branch has more than one connection"',
  'For an active workflow: every connection out of a step with branches is on one of them (its `condition`): ""<step>": a connection to "<step>" is not on any branch"',
  'For an active workflow: every step can be reached from Start: ""<step>" cannot be reached from Start"',
  'For an active workflow: every step leads to an End step: ""<step>" never leads to an End step"',
];

export const workflowGraphSchema = z
  .object({
    steps: z.array(graphStepSchema).max(MAX_GRAPH_STEPS),
    connections: z.array(graphConnectionSchema).max(MAX_GRAPH_STEPS * 4),
  })
  .meta({ 'x-rules': GRAPH_RULES });
export type WorkflowGraph = z.infer<typeof workflowGraphSchema>;

export interface GraphProblem {
  code:
    | 'no_start'
    | 'many_starts'
    | 'no_end'
    | 'unknown_type'
    | 'invalid_config'
    | 'duplicate_step'
    | 'dangling_connection'
    | 'self_loop'
    | 'into_start'
    | 'out_of_end'
    | 'unreachable'
    | 'dead_end'
    | 'missing_branch'
    | 'duplicate_branch'
    | 'unknown_branch'
    | 'too_many_outputs'
    | 'duplicate_connection'
    | 'unknown_tool';
  message: string;
  step_id?: string;
  connection_index?: number;
  field?: string;
}

export interface GraphCheckOptions {
  /** Names of tools a tool step may call (approved and enabled). Omit to skip the check. */
  toolNames?: ReadonlySet<string>;
}

/**
 * Structural problems that must block saving, whatever the status: connections must join two different
 * steps of the graph, and ids must be unique. Everything else only blocks activation.
 */
export function structuralProblems(graph: WorkflowGraph): GraphProblem[] {
  const problems: GraphProblem[] = [];
  const ids = new Set<string>();
  for (const s of graph.steps) {
    if (ids.has(s.id)) problems.push({ code: 'duplicate_step', step_id: s.id, message: `Two steps share the id "${s.id}"` });
    ids.add(s.id);
  }
  graph.connections.forEach((c, i) => {
    if (!ids.has(c.source) || !ids.has(c.target)) {
      problems.push({ code: 'dangling_connection', connection_index: i, message: 'A connection must join two steps of this workflow' });
    } else if (c.source === c.target) {
      problems.push({ code: 'self_loop', connection_index: i, step_id: c.source, message: 'A step cannot connect to itself' });
    }
  });
  return problems;
}

/** Everything that must hold before a workflow can be activated (DESIGN §6 and issue 4). */
export function activationProblems(graph: WorkflowGraph, options: GraphCheckOptions = {}): GraphProblem[] {
  const problems = structuralProblems(graph);
  if (problems.length > 0) return problems;
  const byId = new Map(graph.steps.map((s) => [s.id, s]));
  const name = (id: string) => byId.get(id)?.name ?? id;
  const outgoing = new Map<string, GraphConnection[]>(graph.steps.map((s) => [s.id, []]));
  const incoming = new Map<string, GraphConnection[]>(graph.steps.map((s) => [s.id, []]));
  graph.connections.forEach((c) => {
    outgoing.get(c.source)!.push(c);
    incoming.get(c.target)!.push(c);
  });

  const starts = graph.steps.filter((s) => s.type === 'start');
  if (starts.length === 0) problems.push({ code: 'no_start', message: 'Add a Start step' });
  if (starts.length > 1)
    for (const s of starts.slice(1)) problems.push({ code: 'many_starts', step_id: s.id, message: 'A workflow has exactly one Start step' });
  if (!graph.steps.some((s) => s.type === 'end')) problems.push({ code: 'no_end', message: 'Add an End step' });

  for (const step of graph.steps) {
    const def = getStepType(step.type);
    if (!def) {
      problems.push({ code: 'unknown_type', step_id: step.id, message: `"${step.name}" has an unknown type "${step.type}"` });
      continue;
    }
    const check = validateStepConfig(step.type, step.config);
    for (const e of check.errors) {
      problems.push({ code: 'invalid_config', step_id: step.id, field: e.field, message: `${step.name}: ${e.field} — ${e.message}` });
    }
    if (options.toolNames && step.type === 'tool' && check.valid) {
      const tool = String(check.config!.tool_name);
      if (!options.toolNames.has(tool)) {
        problems.push({ code: 'unknown_tool', step_id: step.id, field: 'tool_name', message: `${step.name}: tool "${tool}" is not an approved, enabled tool` });
      }
    }
    const outs = outgoing.get(step.id)!;
    if (!def.acceptsInput && incoming.get(step.id)!.length > 0) {
      problems.push({ code: 'into_start', step_id: step.id, message: `Nothing can connect into "${step.name}"` });
    }
    if (def.outputs.kind === 'none' && outs.length > 0) {
      problems.push({ code: 'out_of_end', step_id: step.id, message: `"${step.name}" ends the workflow; it cannot connect onward` });
    }
    if (def.outputs.kind === 'single' && outs.length > 1) {
      problems.push({ code: 'too_many_outputs', step_id: step.id, message: `"${step.name}" can connect to one next step only` });
    }
    if (def.outputs.kind === 'branches' && check.valid) {
      const branches = stepBranches(step.type, check.config!);
      const known = new Set(branches.map((b) => b.id));
      for (const b of branches) {
        const count = outs.filter((c) => c.condition === b.id).length;
        if (count === 0) problems.push({ code: 'missing_branch', step_id: step.id, message: `"${step.name}": connect the "${b.label}" branch` });
        if (count > 1)
          problems.push({ code: 'duplicate_branch', step_id: step.id, message: `"${step.name}": the "${b.label}" branch has more than one connection` });
      }
      for (const c of outs) {
        if (!c.condition || !known.has(c.condition)) {
          problems.push({ code: 'unknown_branch', step_id: step.id, message: `"${step.name}": a connection to "${name(c.target)}" is not on any branch` });
        }
      }
    }
  }

  const seen = new Set<string>();
  const queue = starts.slice(0, 1).map((s) => s.id);
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const c of outgoing.get(id)!) queue.push(c.target);
  }
  if (starts.length > 0) {
    for (const s of graph.steps) {
      if (!seen.has(s.id)) problems.push({ code: 'unreachable', step_id: s.id, message: `"${s.name}" cannot be reached from Start` });
    }
  }

  // Every step must be able to reach an End: walk backwards from the ends.
  const canFinish = new Set<string>();
  const back = graph.steps.filter((s) => s.type === 'end').map((s) => s.id);
  while (back.length > 0) {
    const id = back.pop()!;
    if (canFinish.has(id)) continue;
    canFinish.add(id);
    for (const c of incoming.get(id)!) back.push(c.source);
  }
  for (const s of graph.steps) {
    if (seen.has(s.id) && !canFinish.has(s.id) && s.type !== 'end') {
      problems.push({ code: 'dead_end', step_id: s.id, message: `"${s.name}" never leads to an End step` });
    }
  }
  return problems;
}
