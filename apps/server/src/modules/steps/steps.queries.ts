import type { Queryable } from '../../db/client.ts';

export interface StepRow {
  id: string;
  workflow_id: string;
  organization_id: string;
  type: string;
  name: string;
  config: Record<string, unknown>;
  position: { x: number; y: number };
  workflow_version: number;
  created_at: Date;
  updated_at: Date;
}

export interface ConnectionRow {
  id: string;
  workflow_id: string;
  organization_id: string;
  source_step_id: string;
  target_step_id: string;
  condition: string | null;
  label: string | null;
  workflow_version: number;
  created_at: Date;
}

const STEP_COLUMNS = 's.id, s.workflow_id, s.organization_id, s.type, s.name, s.config, s.position, w.version as workflow_version, s.created_at, s.updated_at';
const CONNECTION_COLUMNS =
  'c.id, c.workflow_id, c.organization_id, c.source_step_id, c.target_step_id, c.condition, c.label, w.version as workflow_version, c.created_at';

export async function findStepById(db: Queryable, id: string): Promise<StepRow | null> {
  const res = await db.query<StepRow>(`select ${STEP_COLUMNS} from steps s join workflows w on w.id = s.workflow_id where s.id = $1`, [id]);
  return res.rows[0] ?? null;
}

export async function findStepsOfWorkflow(db: Queryable, workflowId: string): Promise<StepRow[]> {
  const res = await db.query<StepRow>(
    `select ${STEP_COLUMNS} from steps s join workflows w on w.id = s.workflow_id where s.workflow_id = $1 order by s.ordinal, s.id`,
    [workflowId],
  );
  return res.rows;
}

export async function findConnectionById(db: Queryable, id: string): Promise<ConnectionRow | null> {
  const res = await db.query<ConnectionRow>(`select ${CONNECTION_COLUMNS} from step_connections c join workflows w on w.id = c.workflow_id where c.id = $1`, [
    id,
  ]);
  return res.rows[0] ?? null;
}

export async function findConnectionsOfWorkflow(db: Queryable, workflowId: string): Promise<ConnectionRow[]> {
  const res = await db.query<ConnectionRow>(
    `select ${CONNECTION_COLUMNS} from step_connections c join workflows w on w.id = c.workflow_id where c.workflow_id = $1 order by c.ordinal, c.id`,
    [workflowId],
  );
  return res.rows;
}
