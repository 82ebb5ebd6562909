/**
 * Reading cases' histories for replay (ADR 0058): which cases (their ids, oldest first, fixed when a run starts), then
 * the cases and all their visits a page at a time, two statements a page.
 */
import type { Queryable } from '../../db/client.ts';
import type { RecordedCase, RecordedReview, RecordedVisit } from './recorded-case.ts';

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
}

/**
 * The ids of a workflow's cases created in the period, oldest first (by created_at, then id). Read once, they are the
 * run's cases whatever arrives meanwhile, and pages are cut from the list: a cursor on created_at would lose the
 * database's microseconds in a JavaScript Date and read a case twice.
 */
export async function recordedCaseIds(db: Queryable, filter: RecordedCaseFilter): Promise<string[]> {
  const res = await db.query<{ id: string }>(
    `select id from applications
      where workflow_id = $1 and ($2::int is null or workflow_version = $2) and created_at >= $3 and created_at < $4
        and ($6::uuid is null or organization_id = $6)
      order by created_at, id
      limit $5`,
    [filter.workflowId, filter.version ?? null, filter.from, filter.to, filter.limit, filter.organizationId ?? null],
  );
  return res.rows.map((r) => r.id);
}

/** The cases of `ids`, in that order, with their visits in the order they were entered. */
export async function loadRecordedCasesById(db: Queryable, ids: readonly string[]): Promise<RecordedCase[]> {
  if (ids.length === 0) return [];
  const cases = await db.query<Omit<RecordedCase, 'visits'>>(
    `select id, organization_id, workflow_id, workflow_version, environment, applicant, external_ref, initial_data, status, outcome,
            current_step_id, waiting_for, error, created_at, completed_at
       from applications where id = any($1::uuid[])`,
    [[...ids]],
  );
  const [visits, reviews] = await Promise.all([
    db.query<RecordedVisit & { application_id: string; run_id: string }>(
      `select application_id, id as run_id, step_id, step_type, status, branch, merged, input, output, error, entered_at, completed_at
         from application_steps
        where application_id = any($1::uuid[])
        order by application_id, entered_at, id`,
      [[...ids]],
    ),
    // Each approval visit's reviews: the first, and a second one (four eyes) naming it.
    db.query<{ step_run_id: string; stage: 1 | 2; role: string; status: string }>(
      `select step_run_id, case when first_review_id is null then 1 else 2 end as stage, assignee_role as role, status
         from review_tasks
        where application_id = any($1::uuid[]) and status in ('open', 'approved', 'rejected')
        order by created_at, id`,
      [[...ids]],
    ),
  ]);
  const reviewsOf = new Map<string, RecordedReview[]>();
  for (const r of reviews.rows) {
    const review: RecordedReview = { stage: r.stage, role: r.role, decision: r.status === 'approved' || r.status === 'rejected' ? r.status : null };
    reviewsOf.set(r.step_run_id, [...(reviewsOf.get(r.step_run_id) ?? []), review]);
  }
  const byCase = new Map<string, RecordedVisit[]>();
  for (const { application_id, run_id, ...v } of visits.rows) {
    const visit: RecordedVisit = v.step_type === 'approval' && reviewsOf.has(run_id) ? { ...v, reviews: reviewsOf.get(run_id)! } : v;
    const list = byCase.get(application_id);
    if (list) list.push(visit);
    else byCase.set(application_id, [visit]);
  }
  const byId = new Map(cases.rows.map((c) => [c.id, c]));
  // A case deleted since its id was read is gone from the run.
  return ids.flatMap((id) => {
    const c = byId.get(id);
    return c ? [{ ...c, visits: byCase.get(id) ?? [] }] : [];
  });
}

/** A workflow's cases created in the period, oldest first, with their visits. */
export async function loadRecordedCases(db: Queryable, filter: RecordedCaseFilter): Promise<RecordedCase[]> {
  return loadRecordedCasesById(db, await recordedCaseIds(db, filter));
}
