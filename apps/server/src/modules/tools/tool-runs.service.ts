import type { FastifyRequest } from 'fastify';
import { COUNT_CAP } from '@admin-portal/contract/common';
import type { Environment, ToolExecution } from '@admin-portal/contract/tools/api';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/context.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { canSee, listScope } from '../../http/organization-scope.ts';
import { executeTool, ToolInputError } from '../tool-runtime/execute-tool.ts';
import { announceToolCall } from '../tool-runtime/tool-executions.insert.ts';
import { countExecutions, findExecutionById, findExecutions, type ExecutionRow } from './tool-executions.queries.ts';
import { prepareRun } from './runnable-tool.ts';
import { getVisibleTool } from './tools.service.ts';

export function presentExecution(r: ExecutionRow): ToolExecution {
  return {
    id: r.id,
    tool_id: r.tool_id,
    tool_name: r.tool_name,
    caller_type: r.caller_type,
    caller_id: r.caller_id,
    caller_name: r.caller_name,
    environment: r.environment,
    status: r.status,
    input: r.input,
    output: r.output,
    request: r.request,
    response: r.response,
    error: r.error,
    latency_ms: r.latency_ms,
    attempts: r.attempts,
    created_at: r.created_at.toISOString(),
  };
}

export interface RunOptions {
  secretKey: string;
  allowedHosts: readonly string[];
}

/**
 * `POST /admin/tools/{id}/test`: runs the tool, whatever its status, on a sample input in one environment, and
 * answers the recorded execution (output, status, latency and exactly what was sent). A failed call is a
 * recorded execution, not an error of this route; an input that does not fit the input schema is a 422 and
 * runs nothing.
 */
export async function testTool(
  db: Db,
  _request: FastifyRequest,
  auth: AuthContext,
  id: string,
  body: { input: Record<string, unknown>; environment: Environment },
  options: RunOptions,
) {
  const row = await getVisibleTool(db, auth, id);
  const { tool, secrets } = await prepareRun(db, row, body.environment, options.secretKey);
  try {
    const run = await executeTool(tool, body.input, {
      db,
      environment: body.environment,
      secrets,
      caller: { type: 'test', id: auth.userId },
      allowedHosts: options.allowedHosts,
    });
    await announceToolCall(db, tool.organization_id);
    return presentExecution((await findExecutionById(db, run.execution_id))!);
  } catch (error) {
    if (error instanceof ToolInputError) {
      throw new HttpError(422, `The input does not fit the tool's input schema: ${error.errors[0]?.field}: ${error.errors[0]?.message}`, error.errors);
    }
    throw error;
  }
}

export async function listExecutions(
  db: Db,
  auth: AuthContext,
  query: { limit: number; offset: number; tool_id?: string | undefined; status?: string | undefined; caller_type?: string | undefined },
) {
  if (query.tool_id) await getVisibleTool(db, auth, query.tool_id);
  const filter = { organizationId: listScope(auth), toolId: query.tool_id, status: query.status, callerType: query.caller_type };
  const [rows, n] = await Promise.all([findExecutions(db, filter, query), countExecutions(db, filter, COUNT_CAP)]);
  const exact = n <= COUNT_CAP;
  return { items: rows.map(presentExecution), total: exact ? n : COUNT_CAP, total_exact: exact, limit: query.limit, offset: query.offset };
}

export async function getExecution(db: Db, auth: AuthContext, id: string) {
  const row = await findExecutionById(db, id);
  if (!row || !canSee(auth, row.organization_id)) throw notFound('Tool execution');
  return presentExecution(row);
}
