/** A tool step: the approved tool is called through the tool runtime with inputs mapped from the application data. */
import { evaluateExpression, parseExpression } from '@admin-portal/contract/workflows/expression';
import type { Queryable } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import { insertToolExecution } from '../../modules/tool-runtime/tool-executions.insert.ts';
import type { ExecutionRecord } from '../../modules/tool-runtime/types.ts';
import { executeTool, ToolInputError } from '../../modules/tool-runtime/execute-tool.ts';
import { getToolType } from '@admin-portal/contract/tools/tool-types/registry';
import { prepareRun } from '../../modules/tools/runnable-tool.ts';
import { findRunnableTool } from '../../modules/tools/tools.queries.ts';
import type { Environment } from '@admin-portal/contract/tools/api';
import type { CaseRow } from '../transitions.ts';
import { scopeOf, type RuntimeDeps, type StepExecutor } from './types.ts';

interface ToolConfig {
  tool_name: string;
  input_mapping: Record<string, string>;
  output_field: string;
  on_error: 'fail' | 'continue';
  retries: number;
}

/**
 * How long a tool's definition and configuration are reused between cases. A busy workflow calls the same tool
 * many times a second; a change to the tool (disabled, reconfigured) reaches running cases within this time.
 */
const TOOL_CACHE_MS = 1_000;
type Prepared = Awaited<ReturnType<typeof prepareRun>>;
const cache = new Map<string, { until: number; value: Prepared | null; outbound: boolean }>();
const keyOf = (organizationId: string, name: string, environment: string) => `${organizationId}\u0000${name}\u0000${environment}`;

/**
 * The approved, enabled tool of that name ready to run in the environment (null when there is none). Only
 * finished lookups are kept: a step running inside a transaction must never wait for a lookup that needs the
 * database connection that transaction holds (the embedded database has one).
 */
async function runnableTool(q: Queryable, deps: RuntimeDeps, organizationId: string, name: string, environment: Environment): Promise<Prepared | null> {
  const key = keyOf(organizationId, name, environment);
  const hit = cache.get(key);
  if (hit && hit.until > Date.now()) return hit.value;
  const row = await findRunnableTool(q, organizationId, name);
  // A configuration that cannot be used throws (answered as the step's error) and is not kept.
  const value = row ? await prepareRun(q, row, environment, deps.secretKey) : null;
  if (cache.size > 1_000) cache.clear();
  cache.set(key, { until: Date.now() + TOOL_CACHE_MS, value, outbound: row ? (getToolType(row.tool_type)?.outbound ?? true) : true });
  return value;
}

/**
 * Whether the step's tool calls out over the network, as last looked up (a tool not looked up lately counts as
 * calling out: it then runs outside any transaction, which is always safe).
 */
function callsOut(c: CaseRow, name: string): boolean {
  const hit = cache.get(keyOf(c.organization_id, name, c.environment));
  return !hit || hit.until <= Date.now() || hit.outbound;
}

export const toolExecutor: StepExecutor = {
  // A tool that calls out runs outside any transaction; one that only computes (transform) runs inside it.
  io: (step, _deps, c) => callsOut(c, (step.config as unknown as ToolConfig).tool_name),
  retryPolicy: (step) => {
    const config = step.config as unknown as ToolConfig;
    return { retries: config.retries ?? 0, onError: config.on_error ?? 'fail' };
  },
  async run({ step, case: c, deps, tx }) {
    const config = step.config as unknown as ToolConfig;
    let prepared: Prepared | null;
    try {
      prepared = await runnableTool(tx, deps, c.organization_id, config.tool_name, c.environment);
    } catch (error) {
      if (error instanceof HttpError) return { kind: 'error', retryable: false, error: error.detail };
      throw error;
    }
    if (!prepared) return { kind: 'error', retryable: true, error: `The tool "${config.tool_name}" does not exist, or it is not approved and enabled` };

    const scope = scopeOf(c);
    const input: Record<string, unknown> = {};
    for (const [name, source] of Object.entries(config.input_mapping ?? {})) {
      try {
        input[name] = evaluateExpression(parseExpression(source), scope);
      } catch (error) {
        return { kind: 'error', retryable: false, error: `The input "${name}" cannot be computed: ${(error as Error).message}` };
      }
    }

    try {
      const { tool, secrets } = prepared;
      let record: ExecutionRecord | null = null;
      const run = await executeTool(tool, input, {
        db: deps.db,
        environment: c.environment,
        secrets,
        caller: { type: 'workflow', id: c.id },
        allowedHosts: deps.allowedHosts,
        recordLater: (r) => (record = r),
      });
      const afterwards = async (tx: Queryable) => {
        if (record) await insertToolExecution(tx, record);
      };
      const output = { tool: config.tool_name, execution_id: run.execution_id, status: run.status, latency_ms: run.latency_ms };
      if (run.status === 'success') return { kind: 'done', output, data: { [config.output_field]: run.output }, afterwards };
      // A refused call (the SSRF guard) will be refused again; timeouts and errors may pass on a later attempt.
      const error = run.error ?? `The tool call ended with status ${run.status}`;
      // With on_error "continue", the case goes on with the error where the output would be.
      return { kind: 'error', retryable: run.status !== 'refused', output, error, data: { [config.output_field]: { error, status: run.status } }, afterwards };
    } catch (error) {
      if (error instanceof ToolInputError) {
        const detail = error.errors.slice(0, 5).map((e) => `${e.field}: ${e.message}`).join('; ');
        return { kind: 'error', retryable: false, error: `The mapped input does not match the tool's input schema: ${detail}` };
      }
      if (error instanceof HttpError) return { kind: 'error', retryable: false, error: error.detail };
      throw error;
    }
  },
};
