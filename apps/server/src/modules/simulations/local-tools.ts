/**
 * The tools a simulation runs itself (ADR 0059): the organization's approved, enabled transform tools, which compute
 * their answer from the input alone (no network, no secrets used). A call the history never made is answered by them
 * rather than stopping the case as "needs a live call"; nothing is recorded as a tool execution.
 */
import type { Environment } from '@admin-portal/contract/tools/api';
import type { Db } from '../../db/client.ts';
import type { LocalTools, ToolCall } from '../../engine/commands.ts';
import { runTransform } from '../tool-runtime/runtimes/transform.runtime.ts';
import { schemaErrors } from '../tool-runtime/schema-validation.ts';
import { prepareRun } from '../tools/runnable-tool.ts';
import { findRunnableTools } from '../tools/tools.queries.ts';

export async function localTransformTools(db: Db, organizationId: string, secretKey: string): Promise<LocalTools> {
  const tools = (await findRunnableTools(db, organizationId)).filter((t) => t.tool_type === 'transform');
  const local = new Map<string, (input: Record<string, unknown>, environment: string) => Promise<ToolCall>>();
  for (const row of tools) {
    const prepared = new Map<string, Promise<Awaited<ReturnType<typeof prepareRun>> | null>>();
    const ready = (environment: Environment) => {
      if (!prepared.has(environment))
        prepared.set(
          environment,
          prepareRun(db, row, environment, secretKey).catch(() => null),
        );
      return prepared.get(environment)!;
    };
    local.set(row.name, async (input, environment) => {
      const run = await ready(environment as Environment);
      if (!run) return { kind: 'unusable', error: `The ${environment} configuration of "${row.name}" cannot be used` };
      const problems = schemaErrors(run.tool.input_schema, input, 'input');
      if (problems.length > 0) return { kind: 'invalid_input', problems };
      const outcome = await runTransform(run.tool, input, {
        db,
        environment: environment as Environment,
        secrets: {},
        caller: { type: 'workflow', id: '' },
        allowedHosts: [],
      });
      return {
        kind: 'ran',
        executionId: '',
        status: outcome.status,
        latencyMs: 0,
        output: outcome.output,
        error: outcome.error,
        afterwards: async () => undefined,
      };
    });
  }
  return local;
}
