import type { AiTask } from '@admin-portal/contract/ai/generators';
import type { ToolInfo } from '../../ai/generators/workflow-generator.ts';
import type { Queryable } from '../../db/client.ts';

export type TaskKind = 'workflow' | 'tool';

export interface TaskRow {
  id: string;
  organization_id: string;
  user_id: string | null;
  kind: TaskKind;
  status: AiTask['status'];
  progress: number;
  stage: string;
  provider: string;
  input: { description: string; name?: string };
  result: AiTask['result'];
  error: string | null;
  created_id: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface NewTask {
  organization_id: string;
  user_id: string;
  kind: TaskKind;
  input: { description: string; name?: string | undefined };
  stage: string;
  provider: string;
}

/** A pending task, at 0 %; answers its id. */
export async function insertTask(tx: Queryable, t: NewTask): Promise<string> {
  const res = await tx.query<{ id: string }>(
    `insert into ai_tasks (organization_id, user_id, kind, status, input, progress, stage, provider) values ($1, $2, $3, 'pending', $4, 0, $5, $6) returning id`,
    [t.organization_id, t.user_id, t.kind, JSON.stringify(t.input), t.stage, t.provider],
  );
  return res.rows[0]!.id;
}

/** The organization's approved, enabled tools, by name (what a drafted workflow may call). */
export async function findApprovedTools(db: Queryable, organizationId: string): Promise<ToolInfo[]> {
  const res = await db.query<ToolInfo>(`select name, description from tools where organization_id = $1 and status = 'approved' and is_enabled order by name`, [
    organizationId,
  ]);
  return res.rows;
}

/** The names of all the organization's tools. */
export async function findToolNames(db: Queryable, organizationId: string): Promise<string[]> {
  const res = await db.query<{ name: string }>('select name from tools where organization_id = $1', [organizationId]);
  return res.rows.map((r) => r.name);
}

/** A pending or running task runs, at `percent` and `stage` (one that ended is left alone). */
export async function setTaskProgress(db: Queryable, id: string, percent: number, stage: string): Promise<void> {
  await db.query(`update ai_tasks set status = 'running', progress = $2, stage = $3, updated_at = now() where id = $1 and status in ('pending', 'running')`, [
    id,
    percent,
    stage,
  ]);
}

/** A pending or running task failed with `error` (one that ended is left alone). */
export async function setTaskFailed(db: Queryable, id: string, error: string): Promise<void> {
  await db.query(`update ai_tasks set status = 'failed', error = $2, stage = '', updated_at = now() where id = $1 and status in ('pending', 'running')`, [
    id,
    error,
  ]);
}

/** A running task completed with its draft. */
export async function setTaskCompleted(db: Queryable, id: string, stage: string, result: AiTask['result']): Promise<void> {
  await db.query(`update ai_tasks set status = 'completed', progress = 100, stage = $2, result = $3, updated_at = now() where id = $1 and status = 'running'`, [
    id,
    stage,
    JSON.stringify(result),
  ]);
}

/** The task, locked `forUpdate`; null when there is none. */
export async function findTask(db: Queryable, id: string, forUpdate = false): Promise<TaskRow | null> {
  const res = await db.query<TaskRow>(`select * from ai_tasks where id = $1${forUpdate ? ' for update' : ''}`, [id]);
  return res.rows[0] ?? null;
}

/** Cancels the task if it is pending or running; answers it as it is now, or null when it had ended. */
export async function cancelOpenTask(db: Queryable, id: string): Promise<TaskRow | null> {
  const res = await db.query<TaskRow>(
    `update ai_tasks set status = 'cancelled', stage = '', updated_at = now() where id = $1 and status in ('pending', 'running') returning *`,
    [id],
  );
  return res.rows[0] ?? null;
}

/** Records what was created from the task (in the transaction that locked it). */
export async function setTaskCreatedId(tx: Queryable, id: string, createdId: string): Promise<void> {
  await tx.query('update ai_tasks set created_id = $2, updated_at = now() where id = $1', [id, createdId]);
}

/** Records what was created from the task unless something already was; answers whether it recorded it. */
export async function claimTaskCreatedId(db: Queryable, id: string, createdId: string): Promise<boolean> {
  const res = await db.query(`update ai_tasks set created_id = $2, updated_at = now() where id = $1 and created_id is null`, [id, createdId]);
  return res.rowCount > 0;
}
