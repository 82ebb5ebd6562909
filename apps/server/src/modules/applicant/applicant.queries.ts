/** The statements of the applicant's pages that read across a case (its module's own; links live in applicant-links). */
import type { Queryable } from '../../db/client.ts';

/** Of `ids`, the cases the runtime has moved on: no longer pending or running. */
export async function settledCaseIds(db: Queryable, ids: readonly string[]): Promise<string[]> {
  const res = await db.query<{ id: string }>(`select id from applications where id = any($1::uuid[]) and status not in ('pending', 'running')`, [ids]);
  return res.rows.map((r) => r.id);
}

export interface CaseFacts {
  settings: Record<string, unknown>;
  file_bytes: number;
  completed_forms: number;
  draft: Record<string, unknown> | null;
}

/**
 * What the page shows besides the case itself, in one statement: its organization's settings, its files' bytes, how
 * many of its forms were sent, and the draft of its current visit.
 */
export async function caseFacts(db: Queryable, c: { id: string; organization_id: string; current_step_run_id: string | null }): Promise<CaseFacts> {
  const res = await db.query<{ settings: Record<string, unknown> | null; file_bytes: string; completed_forms: number; draft: Record<string, unknown> | null }>(
    `select (select settings from organizations where id = $2) as settings,
            (select coalesce(sum(size_bytes), 0)::bigint from application_files where application_id = $1) as file_bytes,
            (select count(*)::int from application_steps where application_id = $1 and step_type = 'form' and status = 'completed') as completed_forms,
            (select answers from applicant_drafts where application_id = $1 and step_run_id = $3::uuid) as draft`,
    [c.id, c.organization_id, c.current_step_run_id],
  );
  const row = res.rows[0]!;
  return { settings: row.settings ?? {}, file_bytes: Number(row.file_bytes), completed_forms: row.completed_forms, draft: row.draft };
}
