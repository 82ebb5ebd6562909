import type { Queryable } from '../../db/client.ts';

export interface ExecutionRow {
  id: string;
  tool_id: string | null;
  tool_name: string | null;
  caller_type: string;
  caller_id: string | null;
  caller_name: string | null;
  environment: string | null;
  status: 'success' | 'error' | 'timeout' | 'refused';
  input: unknown;
  output: unknown;
  request: Record<string, unknown> | null;
  response: Record<string, unknown> | null;
  error: string | null;
  latency_ms: number | null;
  attempts: number;
  created_at: Date;
}

/** Who called, by name: the user who tested, the API key an MCP client used, the workflow and applicant of a case. */
const CALLER_NAME = `case e.caller_type
    when 'test' then (select u.email from users u where u.id::text = e.caller_id)
    when 'mcp' then (select k.name from api_keys k where k.id::text = e.caller_id)
    when 'workflow' then (select w.name || coalesce(' · ' || nullif(a.applicant_name, ''), '')
                            from applications a join workflows w on w.id = a.workflow_id where a.id::text = e.caller_id)
    else e.caller_id end`;

const COLUMNS = `e.id, e.tool_id, t.name as tool_name, e.caller_type, e.caller_id, ${CALLER_NAME} as caller_name, e.environment, e.status,
  e.input, e.output, e.request, e.response, e.error, e.latency_ms, e.attempts, e.created_at`;

export interface ExecutionFilter {
  organizationId: string | null;
  toolId?: string | undefined;
  status?: string | undefined;
  callerType?: string | undefined;
}

function where(filter: ExecutionFilter): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  if (filter.organizationId) parts.push(`e.organization_id = $${params.push(filter.organizationId)}`);
  if (filter.toolId) parts.push(`e.tool_id = $${params.push(filter.toolId)}`);
  if (filter.status) parts.push(`e.status = $${params.push(filter.status)}`);
  if (filter.callerType) parts.push(`e.caller_type = $${params.push(filter.callerType)}`);
  return { sql: parts.length ? `where ${parts.join(' and ')}` : '', params };
}

export async function findExecutions(db: Queryable, filter: ExecutionFilter, page: { limit: number; offset: number }): Promise<ExecutionRow[]> {
  const w = where(filter);
  const res = await db.query<ExecutionRow>(
    `select ${COLUMNS} from tool_executions e left join tools t on t.id = e.tool_id ${w.sql} order by e.created_at desc, e.id desc limit ${page.limit} offset ${page.offset}`,
    w.params,
  );
  return res.rows;
}

export async function countExecutions(db: Queryable, filter: ExecutionFilter, cap: number): Promise<number> {
  const w = where(filter);
  const res = await db.query<{ n: number }>(`select count(*)::int as n from (select 1 from tool_executions e ${w.sql} limit ${cap + 1}) c`, w.params);
  return res.rows[0]!.n;
}

export async function findExecutionById(db: Queryable, id: string): Promise<(ExecutionRow & { organization_id: string }) | null> {
  const res = await db.query<ExecutionRow & { organization_id: string }>(
    `select ${COLUMNS}, e.organization_id from tool_executions e left join tools t on t.id = e.tool_id where e.id = $1`,
    [id],
  );
  return res.rows[0] ?? null;
}
