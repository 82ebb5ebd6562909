/**
 * Request and response shapes of the tool registry, its configurations, approvals, executions, analytics and
 * API keys (spec §7 "Tools"; DESIGN §7; issue 5). One source for the server's routes, the OpenAPI document
 * and the web app.
 */
import { z } from 'zod';
import { listQuerySchema, listResponseSchema, sortQuery, uuidSchema } from '../common.ts';
import { SERVER_MESSAGES } from '../messages.ts';
import { boundedRecord, openJsonObject, queryInteger, requiredText } from '../input-rules.ts';
import { CALLER_TYPES, ENVIRONMENTS, EXECUTION_STATUSES, TOOL_SORTS, TOOL_STATUSES } from './statuses.ts';
import { toolTypeSchema } from './tool-types/registry.ts';

// The statuses, environments and messages live in statuses.ts (zod-free, for the web app's lists); here with their schemas.
export {
  CALLER_TYPES,
  ENVIRONMENTS,
  EXECUTION_STATUSES,
  SECRET_MASK,
  TOOL_MESSAGES,
  TOOL_SORTS,
  TOOL_STATUS_LABELS,
  TOOL_STATUSES,
  type Environment,
  type ToolStatus,
} from './statuses.ts';

const timestamp = z.string();
/** JSON objects the API returns (stored documents). */
const jsonObject = z.record(z.string(), z.unknown());
/** Open JSON the API takes: a tool's config (checked against its type's config schema by the server). */
const toolConfigInput = openJsonObject({
  description: "The tool's configuration, checked against its type's config schema",
  checkedAgainst:
    "The config schema of the tool's type (GET /api/admin/tools/types answers each type's `config_schema`); a change of `tool_type` alone checks the stored config against the new type's. Refused with 422 on `config.<field>` otherwise",
});
/** Open JSON the API takes: the tool's input or output JSON Schema document (checked as JSON Schema by the server). */
const schemaDocument = openJsonObject({
  description: 'A JSON Schema document',
  checkedAgainst:
    'A valid JSON Schema (draft 2020-12) that compiles, whose patterns use no back-reference or look-around; an input schema describes an object (`"type": "object"`). Refused with 422 on the field (or the place in it) otherwise',
});

// ---------------------------------------------------------------------------------------------
// Names, statuses, environments

/** MCP tool names: letters, digits, `_`, `-` and `.`, 1–64 characters (a workflow's tool step names one). */
export const TOOL_NAME_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;
export const toolNameSchema = z
  .string()
  .trim()
  .min(1, 'Tool name is required')
  .max(64, 'At most 64 characters')
  .regex(TOOL_NAME_PATTERN, 'Use letters, digits, _, - and . only (an MCP tool name)');

export const toolStatusSchema = z.enum(TOOL_STATUSES);
export const environmentSchema = z.enum(ENVIRONMENTS);

// ---------------------------------------------------------------------------------------------
// Tools

export const toolSchema = z.object({
  id: uuidSchema,
  organization_id: uuidSchema,
  /** Shown beside the tool where one list mixes organizations (a super administrator's "All organizations"). */
  organization_name: z.string(),
  name: z.string(),
  description: z.string(),
  tool_type: z.string(),
  input_schema: jsonObject,
  output_schema: jsonObject.nullable(),
  config: jsonObject,
  status: toolStatusSchema,
  is_enabled: z.boolean(),
  created_by: uuidSchema.nullable(),
  created_by_email: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Tool = z.infer<typeof toolSchema>;

export const toolListQuerySchema = listQuerySchema.extend({
  sort: sortQuery(TOOL_SORTS),
  tool_type: toolTypeSchema.optional(),
  status: toolStatusSchema.optional(),
  organization_id: uuidSchema.optional(),
});
export type ToolListQuery = z.infer<typeof toolListQuerySchema>;
export const toolListSchema = listResponseSchema(toolSchema);

export const createToolSchema = z.object({
  name: toolNameSchema,
  description: requiredText('Description is required').max(2000),
  tool_type: toolTypeSchema,
  /** Left out: the type's defaults. */
  config: toolConfigInput.optional(),
  input_schema: schemaDocument.optional(),
  output_schema: schemaDocument.nullable().optional(),
});
export type CreateTool = z.infer<typeof createToolSchema>;

/**
 * A change to the definition (name, description, type, config, schemas) of an approved tool sends it back for
 * approval, unless the editor may approve it (an administrator who did not create it, or a super admin): then it
 * stays approved, audited as such. `status: 'pending_approval'` submits a draft or rejected tool; `is_enabled` switches an approved
 * tool off (status disabled) and on again.
 */
export const updateToolSchema = z
  .object({
    name: toolNameSchema,
    description: requiredText('Description is required').max(2000),
    tool_type: toolTypeSchema,
    config: toolConfigInput,
    input_schema: schemaDocument,
    output_schema: schemaDocument.nullable(),
    status: z.enum(['draft', 'pending_approval']),
    is_enabled: z.boolean(),
  })
  .partial();
export type UpdateTool = z.infer<typeof updateToolSchema>;

const TOOL_REJECT_COMMENT_REQUIRED = 'Say why the tool is rejected';
export const approveToolSchema = z
  .object({
    action: z.enum(['approve', 'reject']),
    comment: z.string().trim().max(2000).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.action === 'reject' && !b.comment) ctx.addIssue({ code: 'custom', path: ['comment'], message: TOOL_REJECT_COMMENT_REQUIRED });
  })
  .meta({ 'x-rules': [`\`action=reject\` needs a \`comment\` (not empty once trimmed): "${TOOL_REJECT_COMMENT_REQUIRED}"`] });
export type ApproveTool = z.infer<typeof approveToolSchema>;

export const toolStatusChangeSchema = z.object({
  id: uuidSchema,
  from_status: z.string().nullable(),
  to_status: z.string(),
  comment: z.string().nullable(),
  changed_by: uuidSchema.nullable(),
  changed_by_email: z.string().nullable(),
  created_at: timestamp,
});
export type ToolStatusChange = z.infer<typeof toolStatusChangeSchema>;
export const toolStatusHistorySchema = z.object({ items: z.array(toolStatusChangeSchema) });

// ---------------------------------------------------------------------------------------------
// Types and templates

export const toolTypeDescriptionSchema = z.object({
  type: z.string(),
  label: z.string(),
  description: z.string(),
  icon: z.string(),
  config_schema: jsonObject,
  defaults: jsonObject,
  outbound: z.boolean(),
  retries: z.boolean(),
});
export type ToolTypeDescription = z.infer<typeof toolTypeDescriptionSchema>;
export const toolTypesSchema = z.object({ items: z.array(toolTypeDescriptionSchema) });

export const toolTemplateSchema = z.object({
  key: z.string(),
  tool_type: toolTypeSchema,
  name: z.string(),
  title: z.string(),
  description: z.string(),
  config: jsonObject,
  input_schema: jsonObject,
  secrets: z.array(z.string()),
});
export const toolTemplatesQuerySchema = z.object({ tool_type: toolTypeSchema.optional() });
export const toolTemplateListSchema = z.object({ items: z.array(toolTemplateSchema) });
export const toolTypeParamsSchema = z.object({ type: toolTypeSchema });

// ---------------------------------------------------------------------------------------------
// Configurations (per environment)

export const secretNameSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'Use letters, digits and underscores')
  .max(100);
const secretsInput = boundedRecord(secretNameSchema, z.string().max(10_000), 100);
const configOverrides = openJsonObject({ description: "Overrides of the tool's configuration for this environment" });

export const toolConfigurationSchema = z.object({
  id: uuidSchema,
  tool_id: uuidSchema,
  environment: environmentSchema,
  /** Overrides of the tool's config for this environment. */
  config: jsonObject,
  /** Secret names with their values masked. */
  secrets: z.record(z.string(), z.string()),
  is_active: z.boolean(),
  /**
   * Whether its secrets may be sent: true when it has none, or when it calls what they were approved for (at the
   * tool's approval, an approver's edit, or when every secret was entered anew). False: runs that would read them are
   * refused until an administrator approves the tool again or the secrets are entered again.
   */
  secrets_approved: z.boolean(),
  /** The tool's status after this change: a change to what an approved tool calls sends it back for approval. */
  tool_status: toolStatusSchema,
  created_at: timestamp,
  updated_at: timestamp,
});
export type ToolConfiguration = z.infer<typeof toolConfigurationSchema>;
export const toolConfigurationListSchema = z.object({ items: z.array(toolConfigurationSchema) });

export const createToolConfigurationSchema = z.object({
  tool_id: uuidSchema,
  environment: environmentSchema,
  config: configOverrides.optional(),
  secrets: secretsInput.optional(),
  is_active: z.boolean().optional(),
});
export type CreateToolConfiguration = z.infer<typeof createToolConfigurationSchema>;

/**
 * `secrets` replaces the set: a value equal to SECRET_MASK keeps the stored one; a name left out is removed. A change to
 * what an approved tool calls here (overrides, active) sends the tool back for approval unless the editor may approve
 * it; kept secrets stay bound to the call they were approved for.
 */
export const updateToolConfigurationSchema = z.object({ config: configOverrides, secrets: secretsInput, is_active: z.boolean() }).partial();
export type UpdateToolConfiguration = z.infer<typeof updateToolConfigurationSchema>;
export const toolConfigurationListQuerySchema = z.object({ tool_id: uuidSchema.optional(), environment: environmentSchema.optional() });

// ---------------------------------------------------------------------------------------------
// Executions

export const executionStatusSchema = z.enum(EXECUTION_STATUSES);

export const testToolSchema = z.object({
  input: openJsonObject({ description: "The tool's input, checked against its input schema" }).default({}),
  environment: environmentSchema.default('development'),
});

/** What went out and what came back, as sent (secrets redacted). */
export const executionRequestSchema = z
  .object({ method: z.string(), url: z.string(), headers: z.record(z.string(), z.string()), body: z.unknown().optional() })
  .partial()
  .passthrough();
export const executionResponseSchema = z
  .object({ status: z.number().int(), headers: z.record(z.string(), z.string()), body: z.unknown(), truncated: z.boolean() })
  .partial()
  .passthrough();

export const toolExecutionSchema = z.object({
  id: uuidSchema,
  tool_id: uuidSchema.nullable(),
  tool_name: z.string().nullable(),
  caller_type: z.string(),
  caller_id: z.string().nullable(),
  caller_name: z.string().nullable(),
  environment: z.string().nullable(),
  status: executionStatusSchema,
  input: z.unknown(),
  output: z.unknown(),
  request: executionRequestSchema.nullable(),
  response: executionResponseSchema.nullable(),
  error: z.string().nullable(),
  latency_ms: z.number().int().nullable(),
  attempts: z.number().int(),
  created_at: timestamp,
});
export type ToolExecution = z.infer<typeof toolExecutionSchema>;

export const executionListQuerySchema = listQuerySchema.pick({ limit: true, offset: true }).extend({
  tool_id: uuidSchema.optional(),
  status: executionStatusSchema.optional(),
  caller_type: z.enum(CALLER_TYPES).optional(),
});
export const executionListSchema = listResponseSchema(toolExecutionSchema);

// ---------------------------------------------------------------------------------------------
// Analytics

export const toolAnalyticsQuerySchema = z.object({
  /** The window, counted back from now. */
  days: queryInteger({ min: 1, max: 90, default: 7 }),
});

const latency = z.object({ p50: z.number().nullable(), p95: z.number().nullable(), p99: z.number().nullable() });

export const toolAnalyticsSchema = z.object({
  tool_id: uuidSchema.nullable(),
  from: timestamp,
  to: timestamp,
  /** hour for windows up to 2 days, day beyond. */
  bucket: z.enum(['hour', 'day']),
  calls: z.number().int(),
  successes: z.number().int(),
  errors: z.number().int(),
  error_rate: z.number(),
  /** Latency percentiles, read from hourly histograms (within 12.5 %). */
  latency_ms: latency,
  /** Calls made by workflow steps for cases (the rest: tests and MCP clients). */
  workflow_calls: z.number().int(),
  /** Cases that failed at a workflow step calling the tool(s). */
  failed_cases: z.number().int(),
  over_time: z.array(z.object({ at: timestamp, calls: z.number().int(), errors: z.number().int(), p50: z.number().nullable(), p95: z.number().nullable() })),
  top_errors: z.array(z.object({ error: z.string(), count: z.number().int() })),
  /** Testers (user id), MCP clients (API key id) and workflows (workflow id, for their cases' calls). */
  top_callers: z.array(z.object({ caller_type: z.string(), caller_id: z.string().nullable(), caller_name: z.string().nullable(), calls: z.number().int() })),
  /** Organization-wide only: per tool. */
  per_tool: z
    .array(
      z.object({
        tool_id: uuidSchema.nullable(),
        tool_name: z.string().nullable(),
        calls: z.number().int(),
        errors: z.number().int(),
        error_rate: z.number(),
        p50: z.number().nullable(),
        p95: z.number().nullable(),
        p99: z.number().nullable(),
        workflow_calls: z.number().int(),
        failed_cases: z.number().int(),
      }),
    )
    .optional(),
});
export type ToolAnalytics = z.infer<typeof toolAnalyticsSchema>;

// ---------------------------------------------------------------------------------------------
// API keys (the MCP endpoint now, the intake API later)

export const API_KEY_SCOPES = ['mcp', 'intake'] as const;

export const apiKeySchema = z.object({
  id: uuidSchema,
  organization_id: uuidSchema,
  name: z.string(),
  /** The first characters, enough to recognise a key; the rest is never shown again. */
  prefix: z.string(),
  scopes: z.array(z.string()),
  environment: environmentSchema,
  created_by: uuidSchema.nullable(),
  created_by_email: z.string().nullable(),
  last_used_at: timestamp.nullable(),
  revoked_at: timestamp.nullable(),
  created_at: timestamp,
});
export type ApiKey = z.infer<typeof apiKeySchema>;
export const apiKeyListSchema = z.object({ items: z.array(apiKeySchema) });

export const createApiKeySchema = z
  .object({
    name: requiredText('Name is required').max(100),
    scopes: z.array(z.enum(API_KEY_SCOPES)).min(1, 'Choose at least one scope').max(API_KEY_SCOPES.length).default(['mcp']),
    /** Which configuration of each tool the key's calls use. */
    environment: environmentSchema.default('production'),
    organization_id: uuidSchema.optional(),
  })
  .meta({ 'x-rules': [`\`organization_id\` names an organization that exists (422 on it): "${SERVER_MESSAGES.organizationNotFound}"`] });
/** The only time the whole key is shown. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });

/** Where an organization's MCP clients connect. */
export const mcpInfoSchema = z.object({ url: z.string(), transport: z.literal('streamable-http'), tools: z.number().int() });
