/**
 * Request and response shapes of the workflow, step and workflow-template API (spec §7 "Workflows",
 * "Workflow templates", "Steps"; issue 4). One source for the server's route schemas, the OpenAPI
 * document and the web app's API hooks and forms.
 */
import { z } from 'zod';
import { errorBodySchema, listQuerySchema, listResponseSchema, sortQuery, uuidSchema, validationErrorSchema } from '../common.ts';
import { INT4_MAX, requiredText } from '../input-rules.ts';
import { GRAPH_RULES, graphConnectionSchema, graphStepSchema, positionSchema, stepConfigInput, workflowGraphSchema } from './graph.ts';
import { stepTypeNameSchema } from './step-types/registry.ts';
import { WORKFLOW_SORTS, WORKFLOW_STATUSES, WORKFLOW_TEMPLATE_SORTS } from './statuses.ts';

// ---------------------------------------------------------------------------------------------
// Shared pieces

// The statuses, sorts and default category live in statuses.ts (zod-free, for the web app's list); here with their schemas.
export {
  DEFAULT_WORKFLOW_CATEGORY,
  WORKFLOW_SORTS,
  WORKFLOW_STATUSES,
  WORKFLOW_TEMPLATE_SORTS,
  WORKFLOW_TRANSITIONS,
  type WorkflowStatus,
} from './statuses.ts';
export const workflowStatusSchema = z.enum(WORKFLOW_STATUSES);

const workflowName = requiredText('Workflow name is required').max(200);
const templateName = requiredText('Template name is required').max(200);
const description = z.string().trim().max(2000);
const category = requiredText('Category is required').max(64);
const stepName = graphStepSchema.shape.name;
const config = z.record(z.string(), z.unknown());
/** A stored step's position as the API returns it (what it takes is `positionSchema`, bounded). */
const position = z.object({ x: z.number(), y: z.number() });
const timestamp = z.string();

/** A saved step as the graph document carries it (`id` is a UUID once saved). */
export const savedStepSchema = z.object({ id: z.string(), type: z.string(), name: z.string(), config, position });
/** A saved connection in the graph document: `source`/`target` are step ids; `condition` is a branch id. */
export const savedConnectionSchema = z.object({
  id: z.string(),
  source: z.string(),
  target: z.string(),
  condition: z.string().nullable(),
  label: z.string().nullable(),
});
export type SavedStep = z.infer<typeof savedStepSchema>;
export type SavedConnection = z.infer<typeof savedConnectionSchema>;

/** A problem found in a graph (GraphProblem of graph.ts), as the API reports it so the builder can mark the step. */
export const graphProblemSchema = z.object({
  code: z.string(),
  message: z.string(),
  step_id: z.string().optional(),
  connection_index: z.number().int().optional(),
  field: z.string().optional(),
});
export type GraphProblemBody = z.infer<typeof graphProblemSchema>;

/**
 * The error body of routes that check a graph: DESIGN §4's `{detail, validation_errors}` plus the problems
 * (field of a validation error: `graph.connections.<i>`, `steps.<step id>` or `graph`).
 */
export const graphErrorBodySchema = errorBodySchema.extend({ problems: z.array(graphProblemSchema).optional() });

// ---------------------------------------------------------------------------------------------
// Workflows

export const workflowSummarySchema = z.object({
  id: uuidSchema,
  organization_id: uuidSchema,
  name: z.string(),
  description: z.string(),
  category: z.string(),
  status: workflowStatusSchema,
  /** The live version: the graph applications start on. Every graph save adds a version; a draft's does not go live. */
  version: z.number().int(),
  /**
   * The draft saved beside the live version of an active workflow (`POST /{id}/drafts`), not live until published:
   * its version number, or null when there is none.
   */
  pending_version: z.number().int().nullable(),
  step_count: z.number().int(),
  /** Applications ever started on it (a workflow with any cannot be deleted, only archived). */
  application_count: z.number().int(),
  created_by: uuidSchema.nullable(),
  updated_by: uuidSchema.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type WorkflowSummary = z.infer<typeof workflowSummarySchema>;

/** One workflow with its graph, in the document shape `PUT /admin/workflows/{id}/complete` takes back. */
export const workflowDetailSchema = workflowSummarySchema.extend({
  steps: z.array(savedStepSchema),
  connections: z.array(savedConnectionSchema),
});
export type WorkflowDetail = z.infer<typeof workflowDetailSchema>;

export const workflowListQuerySchema = listQuerySchema.extend({
  sort: sortQuery(WORKFLOW_SORTS),
  status: workflowStatusSchema.optional(),
  category: z.string().trim().max(64).optional(),
  organization_id: uuidSchema.optional(),
});
export type WorkflowListQuery = z.infer<typeof workflowListQuerySchema>;
export const workflowListSchema = listResponseSchema(workflowSummarySchema);

/** A new workflow: blank (version 1 with the starter graph, Start connected to End: starter-graph.ts), or a deep copy of a template's graph. */
export const createWorkflowSchema = z.object({
  name: workflowName,
  description: description.optional(),
  category: category.optional(),
  template_id: uuidSchema.optional(),
});
export type CreateWorkflow = z.infer<typeof createWorkflowSchema>;

/** Details and status; the graph changes only through graph saves and the step calls. */
export const updateWorkflowSchema = z.object({ name: workflowName, description, category, status: workflowStatusSchema }).partial();
export type UpdateWorkflow = z.infer<typeof updateWorkflowSchema>;

/** `POST /admin/workflows/complete`: a workflow and its whole graph in one transaction. */
export const createCompleteWorkflowSchema = z.object({
  name: workflowName,
  description: description.optional(),
  category: category.optional(),
  /** `active` runs the activation checks first. */
  status: z.enum(['draft', 'active']).optional(),
  graph: workflowGraphSchema,
});
export type CreateCompleteWorkflow = z.infer<typeof createCompleteWorkflowSchema>;

/**
 * `PUT /admin/workflows/{id}/complete`: replaces the graph (a new version). Step ids that are not steps of this
 * workflow are client keys and get new UUIDs; connections follow. `expected_version` refuses the save (409)
 * when someone else saved in between.
 */
export const saveWorkflowGraphSchema = z.object({
  name: workflowName.optional(),
  description: description.optional(),
  category: category.optional(),
  graph: workflowGraphSchema,
  expected_version: z.number().int().min(1).max(INT4_MAX).optional(),
});
export type SaveWorkflowGraph = z.infer<typeof saveWorkflowGraphSchema>;

/**
 * `POST /admin/workflows/{id}/drafts`: saves the graph as a draft version beside the live one of an active workflow
 * (structural checks only; activation checks run when it is published). `expected_version` is the newest version the
 * editor loaded (the live one, or the draft it continues): another save in between refuses this one (409).
 */
export const saveWorkflowDraftSchema = saveWorkflowGraphSchema;
export type SaveWorkflowDraft = z.infer<typeof saveWorkflowDraftSchema>;

/** The texts of the draft calls (server answers; the builder shows them). */
export const DRAFT_MESSAGES = {
  onlyActive: 'Only an active workflow keeps a draft beside its live version; save this workflow directly',
  notPending: 'This version is not a pending draft',
  notNewest: 'A newer version was saved since this draft; open the newest one',
  liveChanged: (live: number, basedOn: number) =>
    `The live version changed since this draft was saved (now version ${live}, the draft was saved beside version ${basedOn}); open the draft, check it and save it again`,
  newerSaved: (newest: number, edited: number) =>
    `A newer version was saved in the meantime (now version ${newest}, you edited version ${edited}); reload it and apply your changes again`,
} as const;

/** Send `{}` to name the copy after the original. */
export const duplicateWorkflowSchema = z.object({ name: workflowName.optional() });

export const workflowValidationSchema = z.object({ valid: z.boolean(), problems: z.array(graphProblemSchema) });
export type WorkflowValidation = z.infer<typeof workflowValidationSchema>;

// ---------------------------------------------------------------------------------------------
// Versions

/** A version number in a path: a positive integer. */
export const versionParamsSchema = z.object({
  id: uuidSchema,
  version: z
    .string()
    .max(9)
    .regex(/^[1-9][0-9]*$/, 'Version must be a positive whole number'),
});

/**
 * A version's state: `published` went live when it was saved or published; `pending` is a draft saved beside the live
 * version, not live; `discarded` is a draft set aside (kept in the history, never live).
 */
export const VERSION_STATES = ['published', 'pending', 'discarded'] as const;
export const versionStateSchema = z.enum(VERSION_STATES);
export type VersionState = z.infer<typeof versionStateSchema>;

export const workflowVersionSummarySchema = z.object({
  version: z.number().int(),
  /** What made this version (created, graph saved, step added, restored from version 3, ...). */
  note: z.string(),
  state: versionStateSchema,
  /** A draft's: the live version it was saved beside (publishing it needs that one still live); else null. */
  based_on_version: z.number().int().nullable(),
  name: z.string(),
  step_count: z.number().int(),
  connection_count: z.number().int(),
  created_by: uuidSchema.nullable(),
  created_by_email: z.string().nullable(),
  created_at: timestamp,
  is_current: z.boolean(),
});
export type WorkflowVersionSummary = z.infer<typeof workflowVersionSummarySchema>;

export const workflowVersionListQuerySchema = listQuerySchema.pick({ limit: true, offset: true });
export const workflowVersionListSchema = listResponseSchema(workflowVersionSummarySchema);

export const workflowVersionSchema = workflowVersionSummarySchema.extend({
  workflow_id: uuidSchema,
  description: z.string(),
  category: z.string(),
  steps: z.array(savedStepSchema),
  connections: z.array(savedConnectionSchema),
});
export type WorkflowVersion = z.infer<typeof workflowVersionSchema>;

// ---------------------------------------------------------------------------------------------
// Step types (the palette)

export const stepTypeDescriptionSchema = z.object({
  type: z.string(),
  label: z.string(),
  description: z.string(),
  icon: z.string(),
  category: z.string(),
  config_schema: z.record(z.string(), z.unknown()),
  defaults: config,
  accepts_input: z.boolean(),
  outputs: z.enum(['none', 'single', 'branches']),
  branches: z.array(z.object({ id: z.string(), label: z.string() })),
});
export type StepTypeDescription = z.infer<typeof stepTypeDescriptionSchema>;

export const stepTemplatesSchema = z.object({
  items: z.array(stepTypeDescriptionSchema),
  /** Functions the condition language offers (for the expression editor's help). */
  expression_functions: z.array(z.string()),
});

// ---------------------------------------------------------------------------------------------
// Steps and connections (step-level calls; each mutation saves a new workflow version)

export const stepSchema = z.object({
  id: uuidSchema,
  workflow_id: uuidSchema,
  type: z.string(),
  name: z.string(),
  config,
  position,
  /** The workflow's version after this call (or now, for reads). */
  workflow_version: z.number().int(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Step = z.infer<typeof stepSchema>;
export const stepListSchema = z.object({ items: z.array(stepSchema), total: z.number().int() });

/** A config that is left out gets the type's defaults; a config that is sent must be valid for the type. */
/** A change to one step or connection is checked as the whole graph it makes: the graph's rules, stated with it. */
const GRAPH_CHANGE_RULES = {
  'x-rules': [
    'The graph the change makes is checked by the rules that follow (all of them on an active workflow), refused with 422 and `problems`',
    ...GRAPH_RULES,
  ],
};

export const createStepSchema = z
  .object({
    workflow_id: uuidSchema,
    type: stepTypeNameSchema,
    name: stepName,
    config: stepConfigInput.optional(),
    position: positionSchema.optional(),
  })
  .meta(GRAPH_CHANGE_RULES);
export type CreateStep = z.infer<typeof createStepSchema>;

export const updateStepSchema = z.object({ name: stepName, config: stepConfigInput, position: positionSchema }).partial().meta(GRAPH_CHANGE_RULES);
export type UpdateStep = z.infer<typeof updateStepSchema>;

export const validateStepConfigSchema = z.object({ type: stepTypeNameSchema, config: stepConfigInput.optional() });
export const stepConfigCheckSchema = z.object({
  valid: z.boolean(),
  /** The config with the type's defaults filled in (null when invalid). */
  config: config.nullable(),
  /** Field paths are `config.<path>`, as in the request. */
  errors: z.array(validationErrorSchema),
});

export const connectionSchema = z.object({
  id: uuidSchema,
  workflow_id: uuidSchema,
  source_step_id: uuidSchema,
  target_step_id: uuidSchema,
  condition: z.string().nullable(),
  label: z.string().nullable(),
  workflow_version: z.number().int(),
  created_at: timestamp,
});
export type Connection = z.infer<typeof connectionSchema>;
export const connectionListSchema = z.object({ items: z.array(connectionSchema), total: z.number().int() });

/** A branch id of the source step (condition branches, approved/rejected); an empty string clears it. */
const branch = z.string().trim().max(64);
const label = z.string().trim().max(200);

export const createConnectionSchema = z
  .object({
    workflow_id: uuidSchema.optional(),
    source_step_id: uuidSchema,
    target_step_id: uuidSchema,
    condition: branch.optional(),
    label: label.optional(),
  })
  .meta(GRAPH_CHANGE_RULES);
export type CreateConnection = z.infer<typeof createConnectionSchema>;

export const updateConnectionSchema = z
  .object({ source_step_id: uuidSchema, target_step_id: uuidSchema, condition: branch, label })
  .partial()
  .meta(GRAPH_CHANGE_RULES);
export type UpdateConnection = z.infer<typeof updateConnectionSchema>;

/** Answer of a step or connection deletion. */
export const graphDeletionSchema = z.object({ success: z.boolean(), message: z.string(), workflow_version: z.number().int() });

// ---------------------------------------------------------------------------------------------
// Workflow templates

export const workflowTemplateSchema = z.object({
  id: uuidSchema,
  /** null for a shipped (global) template, read-only to everyone. */
  organization_id: uuidSchema.nullable(),
  /** Stable key of a shipped template; null for an organization's own. */
  key: z.string().nullable(),
  is_global: z.boolean(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  graph: z.object({ steps: z.array(graphStepSchema), connections: z.array(graphConnectionSchema) }),
  step_count: z.number().int(),
  /** Tool names its tool steps call: the organization needs them approved before a copy can be activated. */
  required_tools: z.array(z.string()),
  created_at: timestamp,
  updated_at: timestamp,
});
export type WorkflowTemplate = z.infer<typeof workflowTemplateSchema>;

export const workflowTemplateListQuerySchema = listQuerySchema.extend({
  sort: sortQuery(WORKFLOW_TEMPLATE_SORTS),
  category: z.string().trim().max(64).optional(),
  scope: z.enum(['global', 'organization']).optional(),
  organization_id: uuidSchema.optional(),
});
export const workflowTemplateListSchema = listResponseSchema(workflowTemplateSchema);

/** A template from a graph, or from a workflow's current graph ("save as template"): exactly one of the two. */
export const createWorkflowTemplateSchema = z
  .object({
    name: templateName,
    description: description.optional(),
    category: category.optional(),
    graph: workflowGraphSchema.optional(),
    workflow_id: uuidSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if ((body.graph === undefined) === (body.workflow_id === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['graph'], message: 'Send either a graph or a workflow_id' });
    }
  })
  .meta({ 'x-rules': ['Exactly one of `graph` and `workflow_id`: "Send either a graph or a workflow_id"'] });
export type CreateWorkflowTemplate = z.infer<typeof createWorkflowTemplateSchema>;

export const updateWorkflowTemplateSchema = z.object({ name: templateName, description, category, graph: workflowGraphSchema }).partial();
export type UpdateWorkflowTemplate = z.infer<typeof updateWorkflowTemplateSchema>;
