/** Spec §3/§7 "AI": the assistant's calls (chat, interactions, feedback, context help), word for word where the spec gives them. */
import { z } from 'zod';
import { INTERACTION_SORTS } from '../list-sorts.ts';
import { listQuerySchema, listResponseSchema, sortQuery, uuidSchema } from '../common.ts';
import { requiredText } from '../input-rules.ts';
import { AI_PAGE_KEYS } from './pages.ts';
import { AI_COMMENT_MAX, AI_MESSAGE_MAX, AI_MESSAGES } from './texts.ts';

export { AI_COMMENT_MAX, AI_FEEDBACK_LABELS, AI_FEEDBACK_SCORES, AI_MESSAGE_MAX, AI_MESSAGES, AI_RECENT_ACTIONS_MAX } from './texts.ts';

export const aiPageKeySchema = z.enum(AI_PAGE_KEYS);

/** Spec §3 recent action entry: action, context, timestamp, sessionId. */
export const aiRecentActionSchema = z.object({
  action: z.string().max(200),
  context: z.unknown().optional(),
  timestamp: z.union([z.string().max(40), z.number().min(0).max(1e14)]).optional(),
  sessionId: z.string().max(100).optional(),
});

/** Spec §3 AI context: page, path, user role, organization name, session_id, recent_actions, timestamp. */
export const aiContextSchema = z.object({
  page: z.string().max(60).optional(),
  path: z.string().max(500).optional(),
  user_role: z.string().max(60).optional(),
  organization_name: z.string().max(200).optional(),
  session_id: z.string().max(100).optional(),
  recent_actions: z.array(aiRecentActionSchema).max(50).optional(),
  timestamp: z.union([z.string().max(40), z.number().min(0).max(1e14)]).optional(),
  /** The browser's (or the user's chosen) IANA time zone: "today" and "this week" are counted in it. */
  time_zone: z.string().max(64).optional(),
});
export type AiContext = z.infer<typeof aiContextSchema>;

/** Spec §3 AI chat payload: message, context. */
export const aiChatRequestSchema = z.object({
  message: requiredText(AI_MESSAGES.messageRequired).max(AI_MESSAGE_MAX, AI_MESSAGES.messageTooLong),
  context: aiContextSchema.default({}),
});
export type AiChatRequest = z.input<typeof aiChatRequestSchema>;

/** Spec §7: response success, data {response, suggestions, interaction_id, context_understood}, message. */
export const aiChatResponseSchema = z.object({
  success: z.boolean(),
  data: z.object({
    response: z.string(),
    suggestions: z.array(z.string()),
    interaction_id: uuidSchema,
    /** What the assistant took the question to be about, and who answered (which provider). */
    context_understood: z.string(),
    provider: z.string(),
    /** Portal pages the answer points to. */
    links: z.array(z.object({ title: z.string(), url: z.string() })),
  }),
  message: z.string(),
});
export type AiChatResponse = z.infer<typeof aiChatResponseSchema>;

/** Spec §3 AI feedback payload: interaction_id, feedback_score, feedback_comment. */
export const aiFeedbackRequestSchema = z.object({
  interaction_id: uuidSchema,
  feedback_score: z.union([z.literal(1), z.literal(3), z.literal(5)], { error: AI_MESSAGES.scoreInvalid }),
  feedback_comment: z.string().trim().max(AI_COMMENT_MAX, AI_MESSAGES.commentTooLong).optional(),
});
export type AiFeedbackRequest = z.input<typeof aiFeedbackRequestSchema>;

export const aiInteractionSchema = z.object({
  id: uuidSchema,
  user_id: uuidSchema.nullable(),
  user_email: z.string().nullable(),
  user_name: z.string().nullable(),
  organization_id: uuidSchema.nullable(),
  page: z.string(),
  message: z.string(),
  response: z.string(),
  suggestions: z.array(z.string()),
  context_understood: z.string(),
  provider: z.string(),
  intent: z.string().nullable(),
  latency_ms: z.number().int(),
  prompt_tokens: z.number().int().nullable(),
  completion_tokens: z.number().int().nullable(),
  is_error: z.boolean(),
  feedback_score: z.number().int().nullable(),
  feedback_comment: z.string().nullable(),
  created_at: z.string(),
});
export type AiInteraction = z.infer<typeof aiInteractionSchema>;

/**
 * Own history by default; `scope=organization` (administrators: admin, super admin) lists the organization's, with
 * filters by user, page, provider and feedback.
 */
export { INTERACTION_SORTS } from '../list-sorts.ts';

export const aiInteractionsQuerySchema = listQuerySchema.extend({
  sort: sortQuery(INTERACTION_SORTS),
  scope: z.enum(['mine', 'organization']).default('mine'),
  user_id: uuidSchema.optional(),
  page: aiPageKeySchema.optional(),
  provider: z.string().max(60).optional(),
  feedback: z.enum(['any', 'none', '1', '3', '5']).optional(),
});
export const aiInteractionListSchema = listResponseSchema(aiInteractionSchema);

export const aiContextHelpSchema = z.object({
  topic: aiPageKeySchema,
  title: z.string(),
  welcome: z.string(),
  suggestions: z.array(z.string()),
  /** Markdown: what the page is for and what one can do there, from the user guide. */
  help: z.string(),
  links: z.array(z.object({ title: z.string(), url: z.string() })),
});
export type AiContextHelp = z.infer<typeof aiContextHelpSchema>;

export const aiStatusSchema = z.object({ provider: z.string(), online: z.boolean(), model: z.string().nullable(), enabled: z.boolean() });
export type AiStatus = z.infer<typeof aiStatusSchema>;
