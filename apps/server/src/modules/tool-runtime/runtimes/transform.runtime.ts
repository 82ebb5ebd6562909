/**
 * transform: each output field is an expression of the workflow condition language over
 * `{ input, config, environment }` (no network, no secrets). A field whose expression does not parse fails
 * the run; a path that finds nothing gives null.
 */
import { transformTool } from '@admin-portal/contract/tools/tool-types/transform';
import { evaluateExpression, parseExpression } from '@admin-portal/contract/workflows/expression';
import { errorMessage, failed, readConfig, type ToolRuntime } from '../runtime.ts';

export const runTransform: ToolRuntime = async (tool, input, ctx) => {
  const read = readConfig(transformTool.config, tool);
  if ('outcome' in read) return read.outcome;
  const scope = { input, config: tool.config, environment: ctx.environment };
  const output: Record<string, unknown> = {};
  for (const [field, source] of Object.entries(read.config.mapping)) {
    try {
      output[field] = evaluateExpression(parseExpression(source), scope) ?? null;
    } catch (error) {
      return failed(`Mapping of "${field}" failed: ${errorMessage(error)}`);
    }
  }
  return { status: 'success', output, error: null, request: null, response: null, attempts: 1 };
};
