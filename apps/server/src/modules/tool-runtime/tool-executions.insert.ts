/** Writing one run to tool_executions (the tools module reads them back for the console and analytics). */
import type { Db, Queryable } from '../../db/client.ts';
import type { ExecutionRecord } from './types.ts';

/** NOTIFY channel on which a tool call made outside a case is announced (payload: the organization id). */
export const TOOL_CALLS_CHANNEL = 'tool_executions';

/** Tells the analytics (in any process) that a test or MCP call was recorded; a case's calls ride on its events. */
export async function announceToolCall(db: Db, organizationId: string): Promise<void> {
  await db.notify(TOOL_CALLS_CHANNEL, organizationId);
}

const json = (value: unknown): string | null => (value === undefined || value === null ? null : JSON.stringify(value));

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
