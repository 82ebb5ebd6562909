import type { AiInteraction } from '@admin-portal/contract/ai/api';
import type { Queryable } from '../../db/client.ts';
import { run, sql, type Sql } from '../../db/sql.ts';

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
