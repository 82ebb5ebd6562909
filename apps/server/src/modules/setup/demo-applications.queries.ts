import type { Queryable } from '../../db/client.ts';

/** The demo history's rows, collected per table before they are written. */
export interface DemoRows {
  applications: Record<string, unknown>[];
  steps: Record<string, unknown>[];
  events: Record<string, unknown>[];
  tasks: Record<string, unknown>[];
  toolCalls: Record<string, unknown>[];
}

/** Each kind of row's table and its columns with their types (for `jsonb_to_recordset`). */
const COLUMNS: Record<keyof DemoRows, [table: string, columns: string]> = {
  applications: [
    'applications',
    `id uuid, organization_id uuid, workflow_id uuid, workflow_version int, status text, outcome text, applicant jsonb, applicant_name text,
     applicant_email text, data jsonb, external_ref text, source text, current_step_id uuid, current_step_run_id uuid, step_entered_at timestamptz,
     waiting_for text, wait_until timestamptz, error text, created_at timestamptz, updated_at timestamptz, completed_at timestamptz,
     initial_data jsonb`,
  ],
  steps: [
    'application_steps',
    `id uuid, application_id uuid, organization_id uuid, workflow_id uuid, step_id uuid, step_type text, step_name text, status text, attempts int,
     branch text, output jsonb, error text, entered_at timestamptz, completed_at timestamptz, merged jsonb, input jsonb`,
  ],
  events: [
    'application_events',
    `application_id uuid, organization_id uuid, workflow_id uuid, type text, step_id uuid, step_type text, step_run_id uuid, actor_type text,
     actor_id text, payload jsonb, error text, created_at timestamptz`,
  ],
  toolCalls: [
    'tool_executions',
    `id uuid, tool_id uuid, organization_id uuid, caller_type text, caller_id text, environment text, status text, input jsonb, output jsonb,
     error text, latency_ms int, attempts int, created_at timestamptz`,
  ],
  tasks: [
    'review_tasks',
    `id uuid, organization_id uuid, application_id uuid, workflow_id uuid, step_id uuid, step_run_id uuid, step_name text, assignee_role text,
     instructions text, status text, due_at timestamptz, decided_by uuid, decided_at timestamptz, comment text, created_at timestamptz`,
  ],
};

/** Inserts collected rows with one statement per table and chunk (jsonb_to_recordset). */
export async function insertDemoRows(tx: Queryable, rows: DemoRows): Promise<void> {
  for (const key of ['applications', 'steps', 'events', 'tasks', 'toolCalls'] as const) {
    const [table, columns] = COLUMNS[key];
    const names = columns
      .split(',')
      .map((c) => c.trim().split(' ')[0])
      .join(', ');
    const list = key === 'events' || key === 'toolCalls' ? [...rows[key]].sort((a, b) => String(a.created_at).localeCompare(String(b.created_at))) : rows[key];
    for (let i = 0; i < list.length; i += 1000) {
      await tx.query(`insert into ${table} (${names}) select ${names} from jsonb_to_recordset($1::jsonb) as x(${columns})`, [
        JSON.stringify(list.slice(i, i + 1000)),
      ]);
    }
  }
}
