/**
 * The tools a simulation may run where the history holds no answer (ADR 0059):
 * - the organization's approved, enabled **transform** tools, computed here (they need nothing but their input; no
 *   network, nothing recorded);
 * - the tools the run names in `sandbox_tools`, called for real in their **development** configuration through the
 *   runtime's own tool runner (the SSRF guard, the tool's timeouts and limits), each call recorded as a development
 *   execution of the tool, at most SIMULATION_MAX_SANDBOX_CALLS a run.
 * Any other call stops the case as "needs a live call".
 */
import type { Environment } from '@admin-portal/contract/tools/api';
import { SIMULATION_MAX_SANDBOX_CALLS } from '@admin-portal/contract/workflows/simulations';
import type { Db } from '../../db/client.ts';
import type { LocalTool, LocalTools, ToolRunner } from '../../engine/commands.ts';
import { runTransform } from '../tool-runtime/runtimes/transform.runtime.ts';
import { schemaErrors } from '../tool-runtime/schema-validation.ts';
import { prepareRun } from '../tools/runnable-tool.ts';
import { findRunnableTools } from '../tools/tools.queries.ts';
import type { ToolRow } from '../tools/tools.queries.ts';

function transformTool(db: Db, row: ToolRow, secretKey: string): LocalTool {
  const prepared = new Map<string, Promise<Awaited<ReturnType<typeof prepareRun>> | null>>();
  const ready = (environment: Environment) => {
    if (!prepared.has(environment))
      prepared.set(
        environment,
        prepareRun(db, row, environment, secretKey).catch(() => null),
      );
    return prepared.get(environment)!;
  };
  return async (input, environment) => {
    const run = await ready(environment as Environment);
    if (!run) return { call: { kind: 'unusable', error: `The ${environment} configuration of "${row.name}" cannot be used` }, source: 'computed' };
    const problems = schemaErrors(run.tool.input_schema, input, 'input');
    if (problems.length > 0) return { call: { kind: 'invalid_input', problems }, source: 'computed' };
    const outcome = await runTransform(run.tool, input, {
      db,
      environment: environment as Environment,
      secrets: {},
      caller: { type: 'workflow', id: '' },
      allowedHosts: [],
    });
    return {
      call: {
        kind: 'ran',
        executionId: '',
        status: outcome.status,
        latencyMs: 0,
        output: outcome.output,
        error: outcome.error,
        afterwards: async () => undefined,
      },
      source: 'computed',
    };
  };
}

/** What the run's sandbox tools were asked: calls made, and whether the run's allowance ran out. */
export interface SandboxUse {
  calls: number;
}

function sandboxTool(db: Db, runner: ToolRunner, organizationId: string, name: string, use: SandboxUse, caseId: () => string): LocalTool {
  return async (input) => {
    if (use.calls >= SIMULATION_MAX_SANDBOX_CALLS) return null;
    const found = await runner.find(db, { organizationId, toolName: name, environment: 'development', caseId: caseId() });
    if (found.kind === 'unavailable') return null;
    if (found.kind === 'unusable') return { call: { kind: 'unusable', error: found.error }, source: 'sandbox' };
    use.calls += 1;
    const call = await found.call(input);
    if (call.kind === 'ran') await call.afterwards(db);
    return { call, source: 'sandbox' };
  };
}

/**
 * The run's local tools. `caseId` names the case being replayed (a sandbox call is recorded with it as its caller);
 * `use` counts the sandbox calls.
 */
export async function localTools(
  db: Db,
  options: { organizationId: string; secretKey: string; runner: ToolRunner; sandbox: readonly string[]; use: SandboxUse; caseId: () => string },
): Promise<LocalTools> {
  const tools = await findRunnableTools(db, options.organizationId);
  const local = new Map<string, LocalTool>();
  for (const row of tools) {
    if (options.sandbox.includes(row.name)) local.set(row.name, sandboxTool(db, options.runner, options.organizationId, row.name, options.use, options.caseId));
    else if (row.tool_type === 'transform') local.set(row.name, transformTool(db, row, options.secretKey));
  }
  return local;
}
