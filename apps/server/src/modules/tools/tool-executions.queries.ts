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

// ---------------------------------------------------------------------------------------------
// Analytics: one window, counted in the database (percentiles with percentile_cont).

export interface Window {
  organizationId: string | null;
  toolId: string | null;
  from: Date;
  to: Date;
  bucket: 'hour' | 'day';
}

function windowWhere(w: Window): { sql: string; params: unknown[] } {
  const params: unknown[] = [w.from, w.to];
  const parts = ['e.created_at >= $1', 'e.created_at < $2'];
  if (w.organizationId) parts.push(`e.organization_id = $${params.push(w.organizationId)}`);
  if (w.toolId) parts.push(`e.tool_id = $${params.push(w.toolId)}`);
  return { sql: `where ${parts.join(' and ')}`, params };
}

const PERCENTILES = `percentile_cont(0.5) within group (order by e.latency_ms) as p50,
  percentile_cont(0.95) within group (order by e.latency_ms) as p95,
  percentile_cont(0.99) within group (order by e.latency_ms) as p99`;

export interface Totals {
  calls: number;
  successes: number;
  errors: number;
  p50: number | null;
  p95: number | null;
  p99: number | null;
}

export async function windowTotals(db: Queryable, w: Window): Promise<Totals> {
  const { sql, params } = windowWhere(w);
  const res = await db.query<Totals>(
    `select count(*)::int as calls, count(*) filter (where e.status = 'success')::int as successes,
            count(*) filter (where e.status <> 'success')::int as errors, ${PERCENTILES}
       from tool_executions e ${sql}`,
    params,
  );
  return res.rows[0]!;
}

export async function windowSeries(db: Queryable, w: Window): Promise<{ at: Date; calls: number; errors: number; p50: number | null; p95: number | null }[]> {
  const { sql, params } = windowWhere(w);
  const res = await db.query<{ at: Date; calls: number; errors: number; p50: number | null; p95: number | null }>(
    `select date_trunc('${w.bucket}', e.created_at) as at, count(*)::int as calls, count(*) filter (where e.status <> 'success')::int as errors,
            percentile_cont(0.5) within group (order by e.latency_ms) as p50, percentile_cont(0.95) within group (order by e.latency_ms) as p95
       from tool_executions e ${sql} group by 1 order by 1`,
    params,
  );
  return res.rows;
}

export async function topErrors(db: Queryable, w: Window, limit = 5): Promise<{ error: string; count: number }[]> {
  const { sql, params } = windowWhere(w);
  const res = await db.query<{ error: string; count: number }>(
    `select left(e.error, 300) as error, count(*)::int as count from tool_executions e ${sql} and e.status <> 'success' and e.error is not null
      group by 1 order by 2 desc, 1 limit ${limit}`,
    params,
  );
  return res.rows;
}

export async function topCallers(db: Queryable, w: Window, limit = 5) {
  const { sql, params } = windowWhere(w);
  const res = await db.query<{ caller_type: string; caller_id: string | null; caller_name: string | null; calls: number }>(
    `select e.caller_type, e.caller_id, min(${CALLER_NAME}) as caller_name, count(*)::int as calls
       from tool_executions e ${sql} group by e.caller_type, e.caller_id order by 4 desc, 1, 2 limit ${limit}`,
    params,
  );
  return res.rows;
}

export async function perTool(db: Queryable, w: Window, limit = 100) {
  const { sql, params } = windowWhere(w);
  const res = await db.query<{ tool_id: string | null; tool_name: string | null; calls: number; errors: number; p50: number | null; p95: number | null; p99: number | null }>(
    `select e.tool_id, min(t.name) as tool_name, count(*)::int as calls, count(*) filter (where e.status <> 'success')::int as errors, ${PERCENTILES}
       from tool_executions e left join tools t on t.id = e.tool_id ${sql} group by e.tool_id order by 3 desc, 2 limit ${limit}`,
    params,
  );
  return res.rows;
}
