import type { AiInteraction, INTERACTION_SORTS } from '@admin-portal/contract/ai/api';

type InteractionSort = (typeof INTERACTION_SORTS)[number];
import type { Queryable } from '../../db/client.ts';
import { run, sql, type Sql } from '../../db/sql.ts';

/** The list's orders (`sort` → ORDER BY on `ai_interactions i`). */
export const INTERACTION_ORDERS: Record<(typeof INTERACTION_SORTS)[number], Sql> = {
  created_at: sql`i.created_at asc, i.id asc`,
  '-created_at': sql`i.created_at desc, i.id desc`,
  latency_ms: sql`i.latency_ms asc, i.id asc`,
  '-latency_ms': sql`i.latency_ms desc, i.id desc`,
  feedback_score: sql`i.feedback_score asc nulls last, i.created_at desc`,
  '-feedback_score': sql`i.feedback_score desc nulls last, i.created_at desc`,
};

/** What a list of interactions keeps (each criterion left out applies no condition). */
export interface InteractionCriteria {
  organizationId?: string | null | undefined;
  userId?: string | null | undefined;
  page?: string | undefined;
  provider?: string | undefined;
  /** 'none': without feedback, 'any': with, a number: that score. */
  feedback?: 'none' | 'any' | number | undefined;
  /** A LIKE pattern the message or the response matches. */
  pattern?: string | undefined;
}

/** The conditions of `criteria` and the order `sort` (one of INTERACTION_SORTS). */
export function interactionFilter(criteria: InteractionCriteria, sort: InteractionSort): InteractionFilter {
  const conditions: Sql[] = [];
  if (criteria.organizationId) conditions.push(sql`i.organization_id = ${criteria.organizationId}`);
  if (criteria.userId) conditions.push(sql`i.user_id = ${criteria.userId}`);
  if (criteria.page) conditions.push(sql`i.page = ${criteria.page}`);
  if (criteria.provider) conditions.push(sql`i.provider = ${criteria.provider}`);
  if (criteria.feedback === 'none') conditions.push(sql`i.feedback_score is null`);
  else if (criteria.feedback === 'any') conditions.push(sql`i.feedback_score is not null`);
  else if (criteria.feedback !== undefined) conditions.push(sql`i.feedback_score = ${criteria.feedback}`);
  if (criteria.pattern) conditions.push(sql`(i.message ilike ${criteria.pattern} or i.response ilike ${criteria.pattern})`);
  return { where: sql.where(conditions), orderBy: INTERACTION_ORDERS[sort] };
}

/** A list's conditions on `ai_interactions i` (a WHERE, or nothing) and its ORDER BY. */
export interface InteractionFilter {
  where: Sql;
  orderBy: Sql;
}

export async function findInteractions(
  db: Queryable,
  filter: InteractionFilter,
  page: { limit: number; offset: number },
): Promise<(AiInteraction & { created_at: Date })[]> {
  const res = await run<AiInteraction & { created_at: Date }>(
    db,
    sql`select i.id, i.user_id, u.email as user_email, nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as user_name,
               i.organization_id, i.page, i.message, i.response, i.suggestions, i.context_understood, i.provider, i.intent, i.latency_ms,
               i.prompt_tokens, i.completion_tokens, i.is_error, i.feedback_score, i.feedback_comment, i.created_at
          from ai_interactions i left join users u on u.id = i.user_id ${filter.where}
         order by ${filter.orderBy} limit ${page.limit} offset ${page.offset}`,
  );
  return res.rows;
}

/** Counts up to `cap` + 1 rows, so a huge table is never counted in full. */
export async function countInteractions(db: Queryable, filter: InteractionFilter, cap: number): Promise<number> {
  const res = await run<{ n: number }>(db, sql`select count(*)::int as n from (select 1 from ai_interactions i ${filter.where} limit ${cap + 1}) capped`);
  return res.rows[0]!.n;
}

/** The organization's name (null when there is none). */
export async function findOrganizationName(db: Queryable, organizationId: string): Promise<string | null> {
  const res = await db.query<{ name: string }>('select name from organizations where id = $1', [organizationId]);
  return res.rows[0]?.name ?? null;
}

export interface NewInteraction {
  organization_id: string;
  user_id: string;
  message: string;
  response: string;
  /** JSON. */
  context: string;
  provider: string;
  model: string | null;
  page: string;
  /** JSON. */
  suggestions: string;
  /** JSON. */
  links: string;
  context_understood: string;
  intent: string | null;
  latency_ms: number;
  prompt_tokens: number | null;
  completion_tokens: number | null;
  is_error: boolean;
}

/** Stores one chat turn; answers its id. */
export async function insertInteraction(db: Queryable, i: NewInteraction): Promise<string> {
  const res = await db.query<{ id: string }>(
    `insert into ai_interactions (organization_id, user_id, message, response, context, provider, model, page, suggestions, links, context_understood, intent,
                                  latency_ms, prompt_tokens, completion_tokens, is_error)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) returning id`,
    [
      i.organization_id,
      i.user_id,
      i.message,
      i.response,
      i.context,
      i.provider,
      i.model,
      i.page,
      i.suggestions,
      i.links,
      i.context_understood,
      i.intent,
      i.latency_ms,
      i.prompt_tokens,
      i.completion_tokens,
      i.is_error,
    ],
  );
  return res.rows[0]!.id;
}

/** An interaction of `userId`'s, with its feedback so far; null when there is none. */
export async function findOwnInteraction(
  db: Queryable,
  id: string,
  userId: string,
): Promise<{ id: string; feedback_score: number | null; is_error: boolean } | null> {
  const res = await db.query<{ id: string; feedback_score: number | null; is_error: boolean }>(
    `select id, feedback_score, is_error from ai_interactions where id = $1 and user_id = $2`,
    [id, userId],
  );
  return res.rows[0] ?? null;
}

/** Stores feedback on an interaction that has none yet; answers whether it did. */
export async function recordFeedback(db: Queryable, id: string, score: number, comment: string | null): Promise<boolean> {
  const res = await db.query(
    `update ai_interactions set feedback_score = $2, feedback_comment = $3, feedback_at = now() where id = $1 and feedback_score is null`,
    [id, score, comment],
  );
  return res.rowCount > 0;
}
