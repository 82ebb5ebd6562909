/**
 * The assistant's calls (spec §7 "AI"): a chat turn answered by the configured provider and stored as an interaction;
 * the interactions (own, or an administrator's organization's); feedback once per interaction by its asker; and each
 * page's context help.
 */
import { AI_MESSAGES, type AiContext, type AiContextHelp } from '@admin-portal/contract/ai/api';
import { AI_PAGE_HELP } from '@admin-portal/contract/ai/page-help';
import { AI_PAGE_KEYS, pageKeyOfPath, type AiPageKey } from '@admin-portal/contract/ai/pages';
import { isTimeZone } from '@admin-portal/contract/analytics/api';
import { COUNT_CAP } from '@admin-portal/contract/common';
import { MESSAGES } from '@admin-portal/contract/messages';
import type { z } from 'zod';
import type { aiChatRequestSchema, aiFeedbackRequestSchema, aiInteractionsQuerySchema } from '@admin-portal/contract/ai/api';
import type { AssistantProvider, AssistantReply } from '../../ai/assistant.ts';
import { AssistantUnavailableError } from '../../ai/unavailable.ts';
import { excerpt, guideKnowledge } from '../../ai/knowledge.ts';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/context.ts';
import { conflict, forbidden, HttpError } from '../../http/errors.ts';
import { containsPattern } from '../../http/list-filter.ts';
import {
  countInteractions,
  findInteractions,
  findOrganizationName,
  findOwnInteraction,
  insertInteraction,
  interactionFilter,
  recordFeedback,
  type InteractionCriteria,
} from './ai-interactions.queries.ts';
import { actingOrganization, listScope } from '../../http/organization-scope.ts';

type ChatBody = z.infer<typeof aiChatRequestSchema>;
type FeedbackBody = z.infer<typeof aiFeedbackRequestSchema>;
type InteractionsQuery = z.infer<typeof aiInteractionsQuerySchema>;

/** The page a question was asked on: the context's page key when it is one, else the one its path gives. */
export function pageOf(context: AiContext): AiPageKey {
  const key = AI_PAGE_KEYS.find((k) => k === context.page);
  return key ?? pageKeyOfPath(context.path ?? '/');
}

/** The context as stored: what the client sent, bounded (recent actions: the last 10). */
function storedContext(context: AiContext): AiContext {
  return { ...context, recent_actions: context.recent_actions?.slice(-10) };
}

async function organizationName(db: Db, auth: AuthContext): Promise<string | null> {
  if (auth.isSuperAdmin && !auth.organizationId) return 'all organizations';
  return findOrganizationName(db, actingOrganization(auth));
}

export async function chat(db: Db, provider: AssistantProvider, auth: AuthContext, body: ChatBody, onDelta?: (text: string) => void) {
  const page = pageOf(body.context);
  const timeZone = body.context.time_zone && isTimeZone(body.context.time_zone) ? body.context.time_zone : 'UTC';
  const started = performance.now();
  let reply: AssistantReply;
  let failure: unknown = null;
  try {
    reply = await provider.reply(
      { message: body.message, page, context: body.context, organizationName: await organizationName(db, auth), facts: { db, auth, timeZone } },
      onDelta,
    );
  } catch (error) {
    if (!(error instanceof AssistantUnavailableError)) throw error;
    failure = error;
    reply = { response: MESSAGES.aiConnectionTrouble, suggestions: [], links: [], understood: '', intent: null };
  }
  const latency = Math.round(performance.now() - started);
  const interactionId = await insertInteraction(db, {
    organization_id: actingOrganization(auth),
    user_id: auth.userId,
    message: body.message,
    response: reply.response,
    context: JSON.stringify(storedContext(body.context)),
    provider: provider.name,
    model: provider.model,
    page,
    suggestions: JSON.stringify(reply.suggestions),
    links: JSON.stringify(reply.links),
    context_understood: reply.understood,
    intent: reply.intent,
    latency_ms: latency,
    prompt_tokens: reply.promptTokens ?? null,
    completion_tokens: reply.completionTokens ?? null,
    is_error: failure !== null,
  });
  if (failure) throw new HttpError(503, MESSAGES.aiUnavailable);
  return {
    success: true,
    data: {
      response: reply.response,
      suggestions: reply.suggestions,
      interaction_id: interactionId,
      context_understood: reply.understood,
      provider: provider.name,
      links: reply.links,
    },
    message: AI_MESSAGES.replied,
  };
}

/** Feedback on one's own reply, once (spec §4: 5, 3 or 1 with an optional comment). */
export async function giveFeedback(db: Db, auth: AuthContext, body: FeedbackBody) {
  const row = await findOwnInteraction(db, body.interaction_id, auth.userId);
  if (!row) throw new HttpError(404, AI_MESSAGES.interactionNotFound);
  if (row.is_error) throw conflict(AI_MESSAGES.feedbackOnError);
  const recorded = await recordFeedback(db, row.id, body.feedback_score, body.feedback_comment || null);
  if (row.feedback_score !== null || !recorded) throw conflict(AI_MESSAGES.feedbackTwice);
  return { success: true, message: AI_MESSAGES.feedbackRecorded };
}

const ADMIN_ROLES = new Set(['admin', 'super_admin']);

export async function listInteractions(db: Db, auth: AuthContext, q: InteractionsQuery) {
  const criteria: InteractionCriteria = {
    page: q.page,
    provider: q.provider,
    feedback: q.feedback === 'none' || q.feedback === 'any' ? q.feedback : q.feedback ? Number(q.feedback) : undefined,
    pattern: q.q ? containsPattern(q.q) : undefined,
  };
  if (q.scope === 'organization') {
    if (!ADMIN_ROLES.has(auth.role)) throw forbidden();
    criteria.organizationId = listScope(auth);
    criteria.userId = q.user_id;
  } else {
    criteria.userId = auth.userId;
  }
  const filter = interactionFilter(criteria, q.sort ?? '-created_at');
  const [rows, n] = await Promise.all([findInteractions(db, filter, q), countInteractions(db, filter, COUNT_CAP)]);
  return {
    items: rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() })),
    total: Math.min(n, COUNT_CAP),
    total_exact: n <= COUNT_CAP,
    limit: q.limit,
    offset: q.offset,
  };
}

const HELP_SECTIONS = 3;

/** Guide pages that say the most about each page key. */
const HELP_PAGES: Record<AiPageKey, readonly string[]> = {
  dashboard_overview: ['analytics', 'getting-started'],
  workflow_management: ['workflows'],
  workflow_builder: ['workflows'],
  workflow_templates: ['workflows'],
  tool_management: ['tools'],
  tool_builder: ['tools'],
  tool_marketplace: ['tools'],
  application_monitoring: ['applications'],
  application_analytics: ['analytics'],
  user_management: ['users-and-roles'],
  role_management: ['users-and-roles'],
  organization_management: ['organizations'],
  analytics_dashboard: ['analytics'],
  compliance_management: ['security', 'applications'],
  system_settings: ['settings', 'security'],
  general_admin: ['getting-started'],
};

export function contextHelp(topic: string): AiContextHelp {
  const key = AI_PAGE_KEYS.find((k) => k === topic);
  if (!key) throw new HttpError(404, AI_MESSAGES.unknownTopic);
  const help = AI_PAGE_HELP[key];
  const knowledge = guideKnowledge();
  // Three sections, taken in turn from each page named for the topic, so every one of them is offered (the first
  // page alone used to fill all three: the dashboard never pointed to getting started).
  const pages = HELP_PAGES[key].map((p) => knowledge.page(p));
  const rounds = Array.from({ length: Math.max(...pages.map((p) => p.length)) }, (_, i) => pages.flatMap((p) => p.slice(i, i + 1)));
  const sections = rounds.flat().slice(0, HELP_SECTIONS);
  const text = sections.map((s) => `### ${s.heading}\n\n${excerpt(s.text, 500)}`).join('\n\n');
  return {
    topic: key,
    title: help.title,
    welcome: help.welcome,
    suggestions: [...help.suggestions],
    help: text || help.welcome,
    links: [...new Map(sections.map((s) => [s.page, { title: s.pageTitle, url: `/docs/${s.page}` }])).values()],
  };
}
