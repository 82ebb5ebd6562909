/** Spec §7 "AI" generators: asynchronous tasks that draft a workflow or a tool from a description. */
import { z } from 'zod';
import { uuidSchema } from '../common.ts';
import { requiredText, requiredTextOfAtLeast } from '../input-rules.ts';

export const GENERATOR_MESSAGES = {
  descriptionTooShort: 'Describe it in at least 10 characters',
  descriptionTooLong: 'The description is too long (at most 4000 characters)',
  taskNotFound: 'Generator task not found',
  taskNotReady: 'The task has not finished yet',
  taskFailed: 'The task failed; generate again',
  taskCancelled: 'Generation cancelled; generate again',
  taskEnded: 'The task has already ended',
  stillWorking: 'Still working: drafting is taking longer than usual. Wait, or cancel and try again.',
  wrongKind: 'This task did not generate that kind of draft',
  queued: 'Generation started',
  workflowCreated: 'Workflow draft created from the generated graph',
  toolCreated: 'Tool draft created from the generated definition',
  /** Progress steps shown while a task runs. */
  reading: 'Reading the description',
  drafting: 'Drafting',
  checking: 'Checking the draft',
  done: 'Done',
} as const;

export const AI_TASK_KINDS = ['workflow', 'tool'] as const;
export const AI_TASK_STATUSES = ['pending', 'running', 'completed', 'failed', 'cancelled'] as const;

const description = requiredTextOfAtLeast(10, GENERATOR_MESSAGES.descriptionTooShort).max(4000, GENERATOR_MESSAGES.descriptionTooLong);

export const generateWorkflowRequestSchema = z.object({
  description,
  /** Optional name for the draft (else one is made from the description). */
  name: requiredText().max(200).optional(),
});
export type GenerateWorkflowRequest = z.input<typeof generateWorkflowRequestSchema>;

export const generateToolRequestSchema = z.object({
  description,
  name: z
    .string()
    .trim()
    .max(64)
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'Use letters, digits, "_", "-" and "." (at most 64)')
    .optional(),
});
export type GenerateToolRequest = z.input<typeof generateToolRequestSchema>;

export const generateResponseSchema = z.object({ success: z.boolean(), task_id: uuidSchema, status: z.enum(AI_TASK_STATUSES), message: z.string() });

const graphSchema = z.object({ steps: z.array(z.record(z.string(), z.unknown())), connections: z.array(z.record(z.string(), z.unknown())) });

export const generatedWorkflowSchema = z.object({
  name: z.string(),
  description: z.string(),
  category: z.string(),
  graph: graphSchema,
});
export const generatedToolSchema = z.object({
  name: z.string(),
  description: z.string(),
  tool_type: z.string(),
  config: z.record(z.string(), z.unknown()),
  input_schema: z.record(z.string(), z.unknown()),
});

export const aiTaskSchema = z.object({
  id: uuidSchema,
  kind: z.enum(AI_TASK_KINDS),
  status: z.enum(AI_TASK_STATUSES),
  /** 0–100. */
  progress: z.number().int(),
  /** What it is doing (one of GENERATOR_MESSAGES' progress steps). */
  stage: z.string(),
  provider: z.string(),
  result: z
    .object({
      workflow: generatedWorkflowSchema.optional(),
      tool: generatedToolSchema.optional(),
      assumptions: z.array(z.string()),
      /** The checks the draft passed (problems would be listed; a draft with problems is not offered). */
      valid: z.boolean(),
    })
    .nullable(),
  error: z.string().nullable(),
  created_id: uuidSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AiTask = z.infer<typeof aiTaskSchema>;

export const createFromAiRequestSchema = z.object({
  task_id: uuidSchema,
  /** Overrides the generated name. */
  name: requiredText().max(200).optional(),
});
