/** Reading cases' histories for replay (ADR 0058): the cases, then all their visits in one statement. */
import type { Queryable } from '../../db/client.ts';
import type { RecordedCase, RecordedVisit } from './recorded-case.ts';

export interface RecordedCaseFilter {
  workflowId: string;
  /** The workflow's organization, when known: the cases are then read along (organization, workflow, created). */
  organizationId?: string;
  /** Only cases that ran on this version. */
  version?: number;
  /** Created at or after. */
  from: Date;
  /** Created before. */
  to: Date;
  limit: number;
  /** Only cases after this one in the order they are read (created_at, id): the next page of a long run. */
  after?: { created_at: Date; id: string };
}

/** A workflow's cases created in the period, oldest first, with their visits in the order they were entered. */
export async function loadRecordedCases(db: Queryable, filter: RecordedCaseFilter): Promise<RecordedCase[]> {
  const cases = await db.query<Omit<RecordedCase, 'visits'>>(
    `select id, organization_id, workflow_id, workflow_version, environment, applicant, external_ref, initial_data, status, outcome,
            current_step_id, waiting_for, error, created_at, completed_at
       from applications
      where workflow_id = $1 and ($2::int is null or workflow_version = $2) and created_at >= $3 and created_at < $4
        and ($6::timestamptz is null or (created_at, id) > ($6::timestamptz, $7::uuid))
        and ($8::uuid is null or organization_id = $8)
      order by created_at, id
      limit $5`,
    [
      filter.workflowId,
      filter.version ?? null,
      filter.from,
      filter.to,
      filter.limit,
      filter.after?.created_at ?? null,
      filter.after?.id ?? null,
      filter.organizationId ?? null,
    ],
  );
  if (cases.rows.length === 0) return [];
  const visits = await db.query<RecordedVisit & { application_id: string }>(
    `select application_id, step_id, step_type, status, branch, merged, input, output, error, entered_at, completed_at
       from application_steps
      where application_id = any($1::uuid[])
      order by application_id, entered_at, id`,
    [cases.rows.map((c) => c.id)],
  );
  const byCase = new Map<string, RecordedVisit[]>();
  for (const { application_id, ...v } of visits.rows) {
    const list = byCase.get(application_id);
    if (list) list.push(v);
    else byCase.set(application_id, [v]);
  }
  return cases.rows.map((c) => ({ ...c, visits: byCase.get(c.id) ?? [] }));
}
