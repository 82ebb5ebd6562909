/**
 * The engine's tool runner (its `ToolRunner` port): tool steps call an organization's approved, enabled tools through
 * the tool runtime, with the environment's configuration and secrets, the SSRF guard's allowed hosts, and the call
 * recorded in the transaction that records the step's result.
 */
import type { Environment } from '@admin-portal/contract/tools/api';
import { getToolType } from '@admin-portal/contract/tools/tool-types/registry';
import type { Db, Queryable } from '../../db/client.ts';
import type { FoundTool, ToolRunner, ToolTarget } from '../../engine/commands.ts';
import { HttpError } from '../../http/errors.ts';
import { executeTool, ToolInputError } from '../tool-runtime/execute-tool.ts';
import { insertToolExecution } from '../tool-runtime/tool-executions.insert.ts';
import type { ExecutionRecord } from '../tool-runtime/types.ts';
import { prepareRun } from './runnable-tool.ts';
import { findRunnableTool } from './tools.queries.ts';

/**
 * How long a tool's definition and configuration are reused between cases. A busy workflow calls the same tool
 * many times a second; a change to the tool (disabled, reconfigured) reaches running cases within this time.
 */
const TOOL_CACHE_MS = 1_000;
const CACHE_ENTRIES = 1_000;
type Prepared = Awaited<ReturnType<typeof prepareRun>>;

export function createWorkflowToolRunner(options: { db: Db; secretKey: string; allowedHosts: readonly string[] }): ToolRunner {
  const { db, secretKey, allowedHosts } = options;
  const cache = new Map<string, { until: number; value: Prepared | null; outbound: boolean }>();
  const keyOf = (t: ToolTarget) => `${t.organizationId}\u0000${t.toolName}\u0000${t.environment}`;

  /**
   * The approved, enabled tool of that name ready to run in the environment (null when there is none). Only
   * finished lookups are kept: a step running inside a transaction must never wait for a lookup that needs the
   * database connection that transaction holds (the embedded database has one).
   */
  async function runnable(q: Queryable, target: ToolTarget): Promise<Prepared | null> {
    const key = keyOf(target);
    const hit = cache.get(key);
    if (hit && hit.until > Date.now()) return hit.value;
    const row = await findRunnableTool(q, target.organizationId, target.toolName);
    // A configuration that cannot be used throws (answered as the step's error) and is not kept.
    const value = row ? await prepareRun(q, row, target.environment as Environment, secretKey) : null;
    if (cache.size > CACHE_ENTRIES) cache.clear();
    cache.set(key, { until: Date.now() + TOOL_CACHE_MS, value, outbound: row ? (getToolType(row.tool_type)?.outbound ?? true) : true });
    return value;
  }

  async function call(prepared: Prepared, target: ToolTarget, input: Record<string, unknown>) {
    let record: ExecutionRecord | null = null;
    try {
      const run = await executeTool(prepared.tool, input, {
        db,
        environment: target.environment,
        secrets: prepared.secrets,
        caller: { type: 'workflow', id: target.caseId },
        allowedHosts,
        recordLater: (r) => (record = r),
      });
      return {
        kind: 'ran' as const,
        executionId: run.execution_id,
        status: run.status,
        latencyMs: run.latency_ms,
        output: run.output,
        error: run.error ?? null,
        afterwards: async (tx: Queryable) => {
          if (record) await insertToolExecution(tx, record);
        },
      };
    } catch (error) {
      if (error instanceof ToolInputError) return { kind: 'invalid_input' as const, problems: error.errors };
      if (error instanceof HttpError) return { kind: 'unusable' as const, error: error.detail };
      throw error;
    }
  }

  return {
    callsOut(target) {
      const hit = cache.get(keyOf(target));
      return !hit || hit.until <= Date.now() || hit.outbound;
    },
    async find(q, target): Promise<FoundTool> {
      let prepared: Prepared | null;
      try {
        prepared = await runnable(q, target);
      } catch (error) {
        if (error instanceof HttpError) return { kind: 'unusable', error: error.detail };
        throw error;
      }
      if (!prepared) return { kind: 'unavailable' };
      return { kind: 'found', call: (input) => call(prepared, target, input) };
    },
  };
}
