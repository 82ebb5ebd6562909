import { TOOL_MESSAGES, type Environment } from '@admin-portal/contract/tools/api';
import { validateToolConfig } from '@admin-portal/contract/tools/tool-types/registry';
import type { Queryable } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import type { RunnableTool } from '../tool-runtime/types.ts';
import { findActiveConfiguration } from './tool-configurations.queries.ts';
import { mergedConfig, readSecrets, secretsApproved } from './tool-configurations.service.ts';
import type { ToolRow } from './tools.queries.ts';

/**
 * A tool as it runs in one environment: its config with that environment's active configuration on top, and
 * the configuration's secrets decrypted (they only ever leave this process inside the request they fill). Secrets
 * are read only for the call they were approved for: a configuration that calls anything else is refused (409)
 * before they are decrypted, whoever runs it (a test, an MCP client, a workflow).
 */
export async function prepareRun(
  db: Queryable,
  tool: ToolRow,
  environment: Environment,
  secretKey: string,
): Promise<{ tool: RunnableTool; secrets: Record<string, string> }> {
  const configuration = await findActiveConfiguration(db, tool.id, environment);
  if (configuration && !secretsApproved(configuration)) {
    const detail = `The ${environment} configuration of "${tool.name}" changed: ${TOOL_MESSAGES.secretsNotApproved.charAt(0).toLowerCase()}${TOOL_MESSAGES.secretsNotApproved.slice(1)}`;
    throw new HttpError(409, detail, [{ field: 'environment', message: TOOL_MESSAGES.secretsNotApproved }]);
  }
  const check = validateToolConfig(tool.tool_type, mergedConfig(tool, configuration?.config ?? {}));
  if (!check.valid) {
    const errors = check.errors.map((e) => ({ field: `config.${e.field}`, message: e.message }));
    throw new HttpError(422, `The ${environment} configuration of "${tool.name}" is not valid: ${errors[0]!.field}: ${errors[0]!.message}`, errors);
  }
  return {
    tool: {
      id: tool.id,
      organization_id: tool.organization_id,
      name: tool.name,
      tool_type: tool.tool_type,
      input_schema: tool.input_schema,
      output_schema: tool.output_schema,
      config: check.config!,
    },
    secrets: configuration ? readSecrets(configuration, secretKey) : {},
  };
}
