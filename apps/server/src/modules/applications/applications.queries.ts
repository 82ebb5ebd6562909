import { createHash } from 'node:crypto';
import type { Queryable } from '../../db/client.ts';
import { requestPayload } from '../../engine/commands.ts';

export interface ApplicationRow {
  id: string;
  organization_id: string;
  workflow_id: string;
  workflow_name: string;
  workflow_version: number;
  status: string;
  outcome: string | null;
  waiting_for: string | null;
  wait_until: Date | null;
  current_step_id: string | null;
  current_step_run_id: string | null;
  current_step_name: string | null;
  current_step_type: string | null;
  applicant: Record<string, unknown>;
  applicant_name: string;
  applicant_email: string;
  external_ref: string | null;
  source: 'api' | 'manual' | 'demo' | 'apply';
  data: Record<string, unknown>;
  error: string | null;
  review_due_at: Date | null;
  escalated_at: Date | null;
  request_hash: string | null;
  created_at: Date;
  updated_at: Date;
  completed_at: Date | null;
}

/** The case with what a list shows beside it: its workflow's name, its current step, its open review's deadline. */
export const APPLICATION_SELECT = `
  select a.id, a.organization_id, a.workflow_id, w.name as workflow_name, a.workflow_version, a.status, a.outcome, a.waiting_for,
         a.wait_until, a.current_step_id, a.current_step_run_id, r.step_name as current_step_name, r.step_type as current_step_type,
         a.applicant, a.applicant_name, a.applicant_email, a.external_ref, a.source, a.data, a.error, a.request_hash,
         a.review_due_at, a.escalated_at,
         a.created_at, a.updated_at, a.completed_at
    from applications a
    join workflows w on w.id = a.workflow_id
    left join application_steps r on r.id = a.current_step_run_id`;

export async function findApplication(db: Queryable, id: string): Promise<ApplicationRow | null> {
  const res = await db.query<ApplicationRow>(`${APPLICATION_SELECT} where a.id = $1`, [id]);
  return res.rows[0] ?? null;
}

/** Where each case stands now: when it entered its current step, and its open review's role and deadline (if any). */
export interface CaseWaitRow {
  id: string;
  entered_at: Date | null;
  assignee_role: string | null;
  due_at: Date | null;
  /** Who has the open review (issue 35): their name and e-mail, or null while nobody has claimed it. */
  holder_name: string | null;
  holder_email: string | null;
}

export async function findCaseWaits(db: Queryable, ids: readonly string[]): Promise<CaseWaitRow[]> {
  if (ids.length === 0) return [];
  const res = await db.query<CaseWaitRow>(
    `select a.id, r.entered_at, t.assignee_role, t.due_at, trim(h.first_name || ' ' || h.last_name) as holder_name, h.email as holder_email
       from applications a
       left join application_steps r on r.id = a.current_step_run_id
       left join lateral (select assignee_role, due_at, claimed_by from review_tasks t where t.application_id = a.id and t.status = 'open' order by t.due_at limit 1) t on true
       left join users h on h.id = t.claimed_by
      where a.id = any($1::uuid[])`,
    [[...ids]],
  );
  return res.rows;
}

export async function findByIdempotencyKey(db: Queryable, organizationId: string, key: string): Promise<ApplicationRow | null> {
  const res = await db.query<ApplicationRow>(`${APPLICATION_SELECT} where a.organization_id = $1 and a.idempotency_key = $2`, [organizationId, key]);
  return res.rows[0] ?? null;
}

export interface NewApplication {
  organization_id: string;
  workflow_id: string;
  workflow_version: number;
  applicant: Record<string, unknown>;
  data: Record<string, unknown>;
  external_ref: string | null;
  source: 'api' | 'manual' | 'demo' | 'apply';
  api_key_id: string | null;
  created_by: string | null;
  idempotency_key: string | null;
  request_hash: string | null;
  environment: string;
}

/**
 * Inserts the case (pending) with its first event and its job, and announces both, in one statement; answers
 * the inserted row, or null when the idempotency key was taken meanwhile.
 */
export async function insertApplication(
  db: Queryable,
  a: NewApplication,
  event: { actorType: string; actorId: string | null; payload: Record<string, unknown> },
  channels: { events: string; jobs: string },
): Promise<{ id: string; created_at: Date; updated_at: Date } | null> {
  const res = await db.query<{ id: string; created_at: Date; updated_at: Date }>(
    `with app as (
       insert into applications (organization_id, workflow_id, workflow_version, applicant, applicant_name, applicant_email, data, external_ref,
                                 source, api_key_id, created_by, idempotency_key, request_hash, environment, status, initial_data)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, 'pending', $7)
       on conflict (organization_id, idempotency_key) where idempotency_key is not null do nothing
       returning id, organization_id, workflow_id, created_at, updated_at),
     ev as (
       insert into application_events (application_id, organization_id, workflow_id, type, actor_type, actor_id, payload)
       select id, organization_id, workflow_id, 'application_created', $15::text, $16::text, $17::jsonb from app
       returning organization_id),
     job as (
       insert into jobs (organization_id, kind, application_id, run_at, payload) select organization_id, 'advance_application', id, now(), $20::jsonb from app
       returning id)
     select app.id, app.created_at, app.updated_at,
            (select count(pg_notify($18, organization_id::text)) from ev) + (select count(pg_notify($19, '')) from job) as notified
       from app`,
    [
      a.organization_id,
      a.workflow_id,
      a.workflow_version,
      JSON.stringify(a.applicant),
      String(a.applicant.name ?? ''),
      String(a.applicant.email ?? '').toLowerCase(),
      JSON.stringify(a.data),
      a.external_ref,
      a.source,
      a.api_key_id,
      a.created_by,
      a.idempotency_key,
      a.request_hash,
      a.environment,
      event.actorType,
      event.actorId,
      JSON.stringify(event.payload),
      channels.events,
      channels.jobs,
      JSON.stringify(requestPayload()),
    ],
  );
  return res.rows[0] ?? null;
}

export interface StepRunRow {
  id: string;
  step_id: string;
  step_type: string;
  step_name: string;
  status: 'running' | 'waiting' | 'completed' | 'failed' | 'cancelled';
  attempts: number;
  branch: string | null;
  output: unknown;
  error: string | null;
  entered_at: Date;
  completed_at: Date | null;
}

export async function findStepRuns(db: Queryable, applicationId: string): Promise<StepRunRow[]> {
  const res = await db.query<StepRunRow>(
    `select id, step_id, step_type, step_name, status, attempts, branch, output, error, entered_at, completed_at
       from application_steps where application_id = $1 order by entered_at, id`,
    [applicationId],
  );
  return res.rows;
}

export interface EventRow {
  seq: string;
  tx: string;
  application_id: string;
  organization_id: string;
  workflow_id: string | null;
  type: string;
  step_id: string | null;
  step_type: string | null;
  actor_type: 'system' | 'user' | 'api_key' | 'applicant';
  actor_id: string | null;
  payload: Record<string, unknown>;
  error: string | null;
  created_at: Date;
}

export const EVENT_COLUMNS = `seq::text as seq, tx::text as tx, application_id, organization_id, workflow_id, type, step_id, step_type,
  actor_type, actor_id, payload, error, created_at`;

export async function findEvents(db: Queryable, applicationId: string, limit = 1000): Promise<EventRow[]> {
  const res = await db.query<EventRow>(`select ${EVENT_COLUMNS} from application_events where application_id = $1 order by seq limit ${limit}`, [
    applicationId,
  ]);
  return res.rows;
}

export interface ToolCallRow {
  id: string;
  tool_id: string | null;
  tool_name: string | null;
  status: string;
  input: unknown;
  output: unknown;
  request: unknown;
  response: unknown;
  error: string | null;
  latency_ms: number | null;
  attempts: number;
  created_at: Date;
}

export async function findToolCalls(db: Queryable, applicationId: string): Promise<ToolCallRow[]> {
  const res = await db.query<ToolCallRow>(
    `select e.id, e.tool_id, t.name as tool_name, e.status, e.input, e.output, e.request, e.response, e.error, e.latency_ms,
            coalesce(e.attempts, 1) as attempts, e.created_at
       from tool_executions e left join tools t on t.id = e.tool_id
      where e.caller_type = 'workflow' and e.caller_id = $1
      order by e.created_at, e.id`,
    [applicationId],
  );
  return res.rows;
}

export interface FileRow {
  id: string;
  step_id: string;
  field_key: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
  sha256: string;
  created_at: Date;
}

/** One uploaded file of an application, with its bytes (staff download). */
export async function findFileContent(
  db: Queryable,
  applicationId: string,
  fileId: string,
): Promise<{ file_name: string; size_bytes: number; sha256: string; content: Uint8Array } | undefined> {
  const res = await db.query<{ file_name: string; size_bytes: number; sha256: string; content: Uint8Array }>(
    'select file_name, size_bytes, sha256, content from application_files where id = $1 and application_id = $2',
    [fileId, applicationId],
  );
  return res.rows[0];
}

export async function findFiles(db: Queryable, applicationId: string): Promise<FileRow[]> {
  const res = await db.query<FileRow>(
    `select id, step_id, field_key, file_name, content_type, size_bytes, sha256, created_at from application_files
      where application_id = $1 order by created_at, id`,
    [applicationId],
  );
  return res.rows;
}

/** Deletes the case (its files, steps, events and reviews go with it); its tool calls stay for the tools' analytics (status, latency), without what they carried. */
export async function eraseApplication(tx: Queryable, id: string): Promise<void> {
  await tx.query('delete from applications where id = $1', [id]);
  await tx.query(
    `update tool_executions set input = null, output = null, request = null, response = null, error = case when error is null then null else '[erased]' end
        where caller_type = 'workflow' and caller_id = $1`,
    [id],
  );
}

/** A file a form answer carries, as it was uploaded. */
export interface UploadedFile {
  field: string;
  fileName: string;
  contentType: string;
  content: Buffer;
}

/** Stores a form's file with its size and SHA-256. */
export async function insertApplicationFile(
  tx: Queryable,
  at: { organizationId: string; applicationId: string; stepId: string; file: UploadedFile },
): Promise<void> {
  const { file } = at;
  await tx.query(
    `insert into application_files (organization_id, application_id, step_id, field_key, file_name, content_type, size_bytes, sha256, content)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      at.organizationId,
      at.applicationId,
      at.stepId,
      file.field,
      file.fileName,
      file.contentType,
      file.content.length,
      createHash('sha256').update(file.content).digest('hex'),
      file.content,
    ],
  );
}

/** The workflow a new case would start, within the organization (any status: the caller tells an inactive one apart). */
export interface WorkflowToStart {
  id: string;
  name: string;
  version: number;
  status: string;
}

export async function findWorkflowToStart(db: Queryable, workflowId: string, organizationId: string): Promise<WorkflowToStart | null> {
  const res = await db.query<WorkflowToStart>('select id, name, version, status from workflows where id = $1 and organization_id = $2', [
    workflowId,
    organizationId,
  ]);
  return res.rows[0] ?? null;
}
