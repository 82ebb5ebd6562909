import { z } from 'zod';
import {
  aiChatRequestSchema,
  aiChatResponseSchema,
  aiContextHelpSchema,
  aiFeedbackRequestSchema,
  aiInteractionListSchema,
  aiInteractionsQuerySchema,
  aiStatusSchema,
} from '../../ai/api.ts';
import {
  aiTaskSchema,
  createFromAiRequestSchema,
  generateResponseSchema,
  generateToolRequestSchema,
  generateWorkflowRequestSchema,
} from '../../ai/generators.ts';
import { idParamsSchema, successSchema } from '../../common.ts';
import { toolSchema } from '../../tools/api.ts';
import { workflowDetailSchema } from '../../workflows/api.ts';
import { perm, SIGNED_IN } from '../access.ts';
import { defineEndpoints } from '../endpoint.ts';

/**
 * The AI assistant (issue 16, spec §7 "AI"): every signed-in user; what it reads follows the caller's permissions
 * (the product facts, each module's `*.facts.ts`), the organization's interactions are for administrators (the service
 * checks scope=organization).
 * Generators (spec §7): asynchronous tasks on the runtime's jobs. Drafting and saving a workflow needs
 * workflow:manage, a tool tool:manage; a task is read by its owner.
 */
const tags = ['AI'] as const;

export const AI_ENDPOINTS = defineEndpoints({
  askAssistant: {
    method: 'POST',
    path: '/api/admin/ai/chat',
    tags,
    summary: 'Ask the assistant',
    description:
      'Answered from the user guide and the live data the caller may read, stored as an interaction. With `Accept: text/event-stream` the answer is streamed: `delta` events with the text as the provider writes it, then `done` with the same body as the JSON answer, or `error` with its status and detail.',
    access: SIGNED_IN,
    body: aiChatRequestSchema,
    responses: {
      200: {
        description:
          'The answer as JSON; with `Accept: text/event-stream`, as server-sent events: `delta` events (`{"text": "…"}`) as the provider writes, then `done` (the JSON answer) or `error` (`{"status", "detail"}`)',
        content: {
          'application/json': { schema: aiChatResponseSchema },
          'text/event-stream': { schema: z.string().describe('event: delta | done | error, data: JSON') },
        },
      },
    },
  },
  listAssistantInteractions: {
    method: 'GET',
    path: '/api/admin/ai/interactions',
    tags,
    summary: "List the assistant's interactions",
    description: "The caller's own interactions; with scope=organization (administrators) the organization's, filtered by user, page, provider and feedback.",
    access: SIGNED_IN,
    query: aiInteractionsQuerySchema,
    responses: { 200: aiInteractionListSchema },
  },
  rateAssistantReply: {
    method: 'POST',
    path: '/api/admin/ai/feedback',
    tags,
    summary: "Rate one of the assistant's replies",
    description: 'Rate one of your replies 5, 3 or 1, once, with an optional comment.',
    access: SIGNED_IN,
    body: aiFeedbackRequestSchema,
    responses: { 200: successSchema },
  },
  getAssistantContextHelp: {
    method: 'GET',
    path: '/api/admin/ai/context-help/:topic',
    tags,
    summary: 'Get what the assistant says on a page',
    description: 'What the assistant says on a page (a page key of spec §4, or general_admin): welcome, suggestions, help from the guide.',
    access: SIGNED_IN,
    params: z.object({ topic: z.string().max(60) }),
    responses: { 200: aiContextHelpSchema },
  },
  getAssistantStatus: {
    method: 'GET',
    path: '/api/admin/ai/status',
    tags,
    summary: 'Get which provider answers, and whether it is online',
    access: SIGNED_IN,
    responses: { 200: aiStatusSchema },
  },
  startWorkflowGeneration: {
    method: 'POST',
    path: '/api/admin/ai-generator/generate-workflow',
    tags,
    summary: 'Start drafting a workflow from a description',
    description: 'Answers the task id at once.',
    access: perm('workflow:manage'),
    body: generateWorkflowRequestSchema,
    responses: { 202: generateResponseSchema },
  },
  startToolGeneration: {
    method: 'POST',
    path: '/api/admin/ai-generator/generate-tool',
    tags,
    summary: 'Start drafting a tool definition from a description',
    description: 'Answers the task id at once.',
    access: perm('tool:manage'),
    body: generateToolRequestSchema,
    responses: { 202: generateResponseSchema },
  },
  getGeneratorTask: {
    method: 'GET',
    path: '/api/admin/ai-generator/task-status/:id',
    tags,
    summary: 'Get a generator task of yours',
    description: 'A generator task of yours: status, progress percent and stage, the draft with its assumptions, or the error.',
    access: SIGNED_IN,
    params: idParamsSchema,
    responses: { 200: aiTaskSchema },
  },
  cancelGeneratorTask: {
    method: 'POST',
    path: '/api/admin/ai-generator/cancel-task/:id',
    tags,
    summary: 'Cancel a pending or running generator task of yours',
    description: 'It ends as cancelled; 409 once it has ended.',
    access: SIGNED_IN,
    params: idParamsSchema,
    responses: { 200: aiTaskSchema },
  },
  createWorkflowFromAi: {
    method: 'POST',
    path: '/api/admin/ai-generator/create-workflow-from-ai',
    tags,
    summary: "Save a finished task's workflow as a draft",
    description: "Save a finished task's workflow as a draft (never active), audited.",
    access: perm('workflow:manage'),
    body: createFromAiRequestSchema,
    responses: { 201: z.object({ success: z.boolean(), message: z.string(), workflow: workflowDetailSchema }) },
  },
  createToolFromAi: {
    method: 'POST',
    path: '/api/admin/ai-generator/create-tool-from-ai',
    tags,
    summary: "Save a finished task's tool as a draft",
    description: "Save a finished task's tool as a draft (never approved), audited.",
    access: perm('tool:manage'),
    body: createFromAiRequestSchema,
    responses: { 201: z.object({ success: z.boolean(), message: z.string(), tool: toolSchema }) },
  },
});
