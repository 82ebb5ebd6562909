/**
 * A tool step: the approved tool is called through the tool runner (the tools module's, given to the engine as a
 * port) with inputs mapped from the application data.
 */
import { evaluateExpression, parseExpression } from '@admin-portal/contract/workflows/expression';
import { scopeOf, type StepExecutor } from './types.ts';

interface ToolConfig {
  tool_name: string;
  input_mapping: Record<string, string>;
  output_field: string;
  on_error: 'fail' | 'continue';
  retries: number;
}

export const toolExecutor: StepExecutor = {
  // A tool that calls out runs outside any transaction; one that only computes (transform) runs inside it.
  io: (step, deps, c) =>
    deps.tools.callsOut({
      organizationId: c.organization_id,
      toolName: (step.config as unknown as ToolConfig).tool_name,
      environment: c.environment,
      caseId: c.id,
    }),
  retryPolicy: (step) => {
    const config = step.config as unknown as ToolConfig;
    return { retries: config.retries ?? 0, onError: config.on_error ?? 'fail' };
  },
  async run({ step, case: c, deps, tx }) {
    const config = step.config as unknown as ToolConfig;
    const target = { organizationId: c.organization_id, toolName: config.tool_name, environment: c.environment, caseId: c.id };
    const tool = await deps.tools.find(tx, target);
    if (tool.kind === 'unavailable')
      return { kind: 'error', retryable: true, error: `The tool "${config.tool_name}" does not exist, or it is not approved and enabled` };
    if (tool.kind === 'unusable') return { kind: 'error', retryable: false, error: tool.error };

    const scope = scopeOf(c);
    const input: Record<string, unknown> = {};
    for (const [name, source] of Object.entries(config.input_mapping ?? {})) {
      try {
        input[name] = evaluateExpression(parseExpression(source), scope);
      } catch (error) {
        return { kind: 'error', retryable: false, error: `The input "${name}" cannot be computed: ${(error as Error).message}` };
      }
    }

    const call = await tool.call(input);
    switch (call.kind) {
      case 'unusable':
        return { kind: 'error', retryable: false, error: call.error, input };
      case 'invalid_input': {
        const detail = call.problems
          .slice(0, 5)
          .map((e) => `${e.field}: ${e.message}`)
          .join('; ');
        return { kind: 'error', retryable: false, error: `The mapped input does not match the tool's input schema: ${detail}`, input };
      }
      case 'ran': {
        const output = { tool: config.tool_name, execution_id: call.executionId, status: call.status, latency_ms: call.latencyMs };
        if (call.status === 'success') return { kind: 'done', output, data: { [config.output_field]: call.output }, afterwards: call.afterwards, input };
        // A refused call (the SSRF guard) will be refused again; timeouts and errors may pass on a later attempt.
        const error = call.error ?? `The tool call ended with status ${call.status}`;
        // With on_error "continue", the case goes on with the error where the output would be.
        return {
          kind: 'error',
          retryable: call.status !== 'refused',
          output,
          error,
          data: { [config.output_field]: { error, status: call.status } },
          afterwards: call.afterwards,
          input,
        };
      }
    }
  },
};
