/** The statements over tool_executions of the tool runtime (the tools module reads the runs back for the console and analytics). */
import type { Queryable } from '../../db/client.ts';
import type { ExecutionRecord } from './types.ts';

const json = (value: unknown): string | null => (value === undefined || value === null ? null : JSON.stringify(value));

/** Writes one run; answers its id (the record's own when it has one). */
export async function insertToolExecution(db: Queryable, r: ExecutionRecord): Promise<string> {
  const res = await db.query<{ id: string }>(
    `insert into tool_executions
       (id, tool_id, organization_id, caller_type, caller_id, environment, status, input, output, request, response, error, latency_ms, attempts)
     values (coalesce($14::uuid, gen_random_uuid()), $1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9::jsonb, $10::jsonb, $11, $12, $13)
     returning id`,
    [
      r.toolId,
      r.organizationId,
      r.caller.type,
      r.caller.id,
      r.environment,
      r.status,
      json(r.input),
      json(r.output),
      json(r.request),
      json(r.response),
      r.error,
      r.latencyMs,
      r.attempts,
      r.id ?? null,
    ],
  );
  return res.rows[0]!.id;
}

/** One run's row as stored, every column (the runtime's tests read what was recorded). */
export async function findToolExecutionRow(db: Queryable, id: string): Promise<Record<string, unknown> | null> {
  const res = await db.query(`select * from tool_executions where id = $1`, [id]);
  return res.rows[0] ?? null;
}
