/**
 * Who drafts workflows and tools for the generators: the built-in generator, or an OpenAI-compatible model asked for
 * JSON (structured output) with the step types, the approved tools and the graph rules, whose draft is checked like a
 * hand-made one, repaired once with the problems found, and replaced by the built-in draft (saying so) when it still
 * does not pass or the model does not answer.
 */
import { z } from 'zod';
import { activationProblems, type WorkflowGraph } from '@admin-portal/contract/workflows/graph';
import { STEP_TYPES } from '@admin-portal/contract/workflows/step-types/registry';
import { TOOL_NAME_PATTERN } from '@admin-portal/contract/tools/api';
import { TOOL_TYPES, validateToolConfig } from '@admin-portal/contract/tools/tool-types/registry';
import type { ChatMessage, OpenAiClient } from '../openai-client.ts';
import { wrapIntoRows } from './draft-layout.ts';
import { generateTool, type GeneratedTool } from './tool-generator.ts';
import { generateWorkflow, type GeneratedWorkflow, type ToolInfo } from './workflow-generator.ts';

export interface WorkflowDraftOptions {
  name?: string;
  approvedTools: readonly ToolInfo[];
}

export interface ToolDraftOptions {
  name?: string;
  takenNames: ReadonlySet<string>;
}

export interface DraftGenerator {
  readonly name: string;
  workflow(description: string, options: WorkflowDraftOptions): Promise<GeneratedWorkflow>;
  tool(description: string, options: ToolDraftOptions): Promise<GeneratedTool>;
}

export const BUILTIN_GENERATOR = 'built-in';

export const builtinGenerator: DraftGenerator = {
  name: BUILTIN_GENERATOR,
  workflow: async (description, options) => generateWorkflow(description, options),
  tool: async (description, options) => generateTool(description, options),
};

/** What stops a graph from being activated in this organization (empty: it passes). */
export function workflowProblems(graph: WorkflowGraph, approvedTools: readonly ToolInfo[]): string[] {
  return activationProblems(graph, { toolNames: new Set(approvedTools.map((t) => t.name)) }).map((p) => p.message);
}

/** What stops a tool definition from being saved (empty: it passes). */
export function toolProblems(tool: GeneratedTool, takenNames: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  if (!TOOL_NAME_PATTERN.test(tool.name)) problems.push(`name "${tool.name}" must be 1–64 letters, digits, "_", "-" or "."`);
  if (takenNames.has(tool.name)) problems.push(`name "${tool.name}" is already taken`);
  const check = validateToolConfig(tool.tool_type, tool.config);
  problems.push(...check.errors.map((e) => `config ${e.field}: ${e.message}`));
  if (tool.input_schema?.type !== 'object') problems.push('input_schema must be a JSON Schema of type object');
  return problems;
}

const workflowAnswer = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    category: { type: 'string' },
    steps: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          type: { type: 'string', enum: STEP_TYPES.map((t) => t.type) },
          name: { type: 'string' },
          config: { type: 'object' },
        },
        required: ['id', 'type', 'name', 'config'],
      },
    },
    connections: {
      type: 'array',
      items: {
        type: 'object',
        properties: { source: { type: 'string' }, target: { type: 'string' }, condition: { type: ['string', 'null'] } },
        required: ['source', 'target', 'condition'],
      },
    },
    assumptions: { type: 'array', items: { type: 'string' } },
  },
  required: ['name', 'category', 'steps', 'connections', 'assumptions'],
};

const toolAnswer = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    tool_type: { type: 'string', enum: TOOL_TYPES.map((t) => t.type) },
    config: { type: 'object' },
    input_schema: { type: 'object' },
    assumptions: { type: 'array', items: { type: 'string' } },
  },
  required: ['name', 'tool_type', 'config', 'input_schema', 'assumptions'],
};

const stepCatalog = () =>
  STEP_TYPES.map((t) => {
    const schema = z.toJSONSchema(t.config, { io: 'input' }) as Record<string, unknown>;
    delete schema.$schema;
    return `- ${t.type}: ${t.description} Outputs: ${t.outputs.kind === 'branches' ? 'one connection per branch, its condition = the branch id (approval: "approved"/"rejected"; condition: each branch id and "otherwise")' : t.outputs.kind === 'none' ? 'none' : 'one connection, condition null'}. Config JSON schema: ${JSON.stringify(schema)}`;
  }).join('\n');

const toolCatalog = () =>
  TOOL_TYPES.map((t) => {
    const schema = z.toJSONSchema(t.config, { io: 'input' }) as Record<string, unknown>;
    delete schema.$schema;
    return `- ${t.type}: ${t.description} Config JSON schema: ${JSON.stringify(schema)}`;
  }).join('\n');

interface WorkflowJson {
  name?: string;
  category?: string;
  steps?: { id: string; type: string; name: string; config: Record<string, unknown> }[];
  connections?: { source: string; target: string; condition: string | null }[];
  assumptions?: string[];
}

interface ToolJson {
  name?: string;
  tool_type?: GeneratedTool['tool_type'];
  config?: Record<string, unknown>;
  input_schema?: Record<string, unknown>;
  assumptions?: string[];
}

/**
 * Asks the model for a JSON draft, checks it, asks once more with the problems found, and falls back on the built-in
 * draft (saying why in its assumptions) when the answer is unusable or still does not pass.
 */
async function draftWithRepair<J, D extends { assumptions: string[] }>(
  client: OpenAiClient,
  messages: ChatMessage[],
  answer: { name: string; schema: Record<string, unknown> },
  build: (json: J) => D,
  problemsOf: (draft: D) => string[],
  builtin: () => D,
): Promise<D> {
  const fallback = (why: string) => {
    const draft = builtin();
    return { ...draft, assumptions: [`${why} This is the built-in generator's draft.`, ...draft.assumptions] };
  };
  for (let round = 0; round < 2; round += 1) {
    let draft: D;
    try {
      const completion = await client.complete({ messages, jsonSchema: { ...answer, strict: false } });
      draft = build(JSON.parse(completion.content) as J);
      messages.push({ role: 'assistant', content: completion.content });
    } catch (error) {
      return fallback(`The model did not give a usable answer (${(error as Error).message}).`);
    }
    const problems = problemsOf(draft);
    if (problems.length === 0) return draft;
    messages.push({
      role: 'user',
      content: `The draft does not pass the checks:\n- ${problems.join('\n- ')}\nFix them and answer with the whole corrected JSON.`,
    });
  }
  return fallback('The model’s draft did not pass the checks after one repair.');
}

export class OpenAiGenerator implements DraftGenerator {
  readonly name = 'openai-compatible';
  private readonly client: OpenAiClient;

  constructor(client: OpenAiClient) {
    this.client = client;
  }

  workflow(description: string, options: WorkflowDraftOptions): Promise<GeneratedWorkflow> {
    const messages: ChatMessage[] = [
      {
        role: 'system',
        content: [
          'You design onboarding workflows for Admin Portal. Answer with JSON only, following the schema.',
          'A workflow is a graph: exactly one start step, at least one end step, every step reachable from start and reaching an end, every output connected.',
          `Step types:\n${stepCatalog()}`,
          options.approvedTools.length
            ? `Tool steps may only name these approved tools (tool_name): ${options.approvedTools.map((t) => `${t.name} (${t.description})`).join('; ')}.`
            : 'There are no approved tools: do not use tool steps; say in assumptions which checks would need one.',
          'Use short lower-case step ids (e.g. "details", "review"). List every assumption you make.',
          'Every condition, threshold and branch in the description must be in the graph (a condition step with an expression, e.g. years_since(data.incorporation_date) < 2) or be listed in assumptions as not understood.',
          'Name the workflow after what it is (e.g. "Business onboarding"), not after the first words of the description.',
        ].join('\n'),
      },
      { role: 'user', content: `${options.name ? `Name: ${options.name}\n` : ''}Description: ${description}` },
    ];
    return draftWithRepair<WorkflowJson, GeneratedWorkflow>(
      this.client,
      messages,
      { name: 'workflow', schema: workflowAnswer },
      (answer) => ({
        name: (options.name ?? answer.name ?? 'Generated workflow').slice(0, 200),
        description: description.slice(0, 2000),
        category: (answer.category ?? 'general').slice(0, 50),
        graph: {
          steps: wrapIntoRows(
            (answer.steps ?? []).map((s, i) => ({
              id: String(s.id),
              type: String(s.type),
              name: String(s.name ?? s.id),
              config: s.config ?? {},
              position: { x: i * 280, y: 0 },
            })),
          ),
          connections: (answer.connections ?? []).map((c) => ({
            source: String(c.source),
            target: String(c.target),
            condition: c.condition ?? null,
            label: null,
          })),
        },
        assumptions: answer.assumptions ?? [],
      }),
      (draft) => workflowProblems(draft.graph, options.approvedTools),
      () => generateWorkflow(description, options),
    );
  }

  async tool(description: string, options: ToolDraftOptions): Promise<GeneratedTool> {
    const messages: ChatMessage[] = [
      {
        role: 'system',
        content: [
          'You define tools (MCP tools) for Admin Portal. Answer with JSON only, following the schema.',
          'name: 1–64 letters, digits, "_", "-" or "."; snake_case. Never invent hosts: use the URL given, else https://api.example.com and say so in assumptions.',
          'Templates: {{input.field}} reads the tool input, {{secrets.NAME}} a secret of the environment.',
          "input_schema: only the inputs the description names (or the URL's placeholders); never add one it does not name, and say in assumptions when you had to name one yourself.",
          `Tool types:\n${toolCatalog()}`,
          options.takenNames.size ? `Names already taken: ${[...options.takenNames].slice(0, 50).join(', ')}.` : '',
        ]
          .filter(Boolean)
          .join('\n'),
      },
      { role: 'user', content: `${options.name ? `Name: ${options.name}\n` : ''}Description: ${description}` },
    ];
    const draft = await draftWithRepair<ToolJson, GeneratedTool>(
      this.client,
      messages,
      { name: 'tool', schema: toolAnswer },
      (answer) => ({
        name: options.name ?? String(answer.name ?? ''),
        description: description.slice(0, 2000),
        tool_type: answer.tool_type ?? 'http_request',
        config: answer.config ?? {},
        input_schema: answer.input_schema ?? { type: 'object', properties: {} },
        assumptions: answer.assumptions ?? [],
      }),
      (tool) => toolProblems(tool, options.takenNames),
      () => generateTool(description, options),
    );
    // The type's defaults filled in, as a hand-made tool's are.
    return { ...draft, config: validateToolConfig(draft.tool_type, draft.config).config ?? draft.config };
  }
}
