/**
 * How many cases are in each state, kept by the database (migration 0016): triggers on `applications` append
 * +n / -n rows to application_state_deltas; `foldStateCounts` moves them into application_state_counts. Readers sum
 * both tables (`stateRows`), so a count is exact whether or not the fold has run; folding only keeps the deltas
 * short.
 */
import type { Queryable } from '../../db/client.ts';
import { sql, type Sql } from '../../db/sql.ts';

export interface StateScope {
  organizationId: string | null;
  workflowId?: string | undefined;
}

/** Moves every delta into the counts in one statement (safe to run in several processes at once); answers how many it moved. */
export async function foldStateCounts(db: Queryable): Promise<number> {
  const res = await db.query<{ moved: number }>(
    `with moved as (delete from application_state_deltas returning organization_id, workflow_id, status, waiting_for, delta),
          summed as (select organization_id, workflow_id, status, waiting_for, sum(delta) as delta, count(*) as rows
                       from moved group by 1, 2, 3, 4),
          upserted as (insert into application_state_counts as c (organization_id, workflow_id, status, waiting_for, n)
                       select organization_id, workflow_id, status, waiting_for, delta from summed
                       on conflict (organization_id, workflow_id, status, waiting_for) do update set n = c.n + excluded.n
                       returning 1)
     select coalesce(sum(rows), 0)::int as moved from summed`,
  );
  // States nobody is in any more (a workflow's last case done, an organization deleted) are dropped.
  if (res.rows[0]!.moved > 0) await db.query('delete from application_state_counts where n = 0');
  return res.rows[0]!.moved;
}

/** The scope's conditions on the table aliased `alias`, each starting with " and " (nothing for a scope of everything). */
export function scopeConditions(scope: StateScope, alias: 'a' | 'c' | 'd'): Sql {
  const t = sql.fixed(alias);
  return sql`${scope.organizationId ? sql` and ${t}.organization_id = ${scope.organizationId}::uuid` : sql.empty}${
    scope.workflowId ? sql` and ${t}.workflow_id = ${scope.workflowId}::uuid` : sql.empty
  }`;
}

/** The rows (status, waiting_for, n) whose sums per state are the cases in the scope. */
export function stateRows(scope: StateScope): Sql {
  return sql`select status, waiting_for, n from application_state_counts c where true${scopeConditions(scope, 'c')}
          union all
          select status, waiting_for, delta from application_state_deltas d where true${scopeConditions(scope, 'd')}`;
}
