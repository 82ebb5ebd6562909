import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import type { ApiKeyRow } from '../api-keys/api-keys.queries.ts';
import { executeTool, ToolInputError } from '../tool-runtime/execute-tool.ts';
import { announceToolCall } from '../tool-runtime/tool-executions.insert.ts';
import { prepareRun } from '../tools/runnable-tool.ts';
import { findRunnableTool, findRunnableTools } from '../tools/tools.queries.ts';

export interface McpDeps {
  db: Db;
  secretKey: string;
  allowedHosts: readonly string[];
}

const failure = (text: string): CallToolResult => ({ isError: true, content: [{ type: 'text', text }] });
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The MCP server one request talks to (stateless Streamable HTTP): the key's organization's approved, enabled
 * tools, each run through the same runtime as tests and workflows, recorded with the key as the caller and
 * the key's environment's configuration.
 */
export function createMcpServer(deps: McpDeps, key: ApiKeyRow): Server {
  const server = new Server({ name: 'admin-portal', version: '1.0.0' }, { capabilities: { tools: {} } });

  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: (await findRunnableTools(deps.db, key.organization_id)).map((t) => ({
      name: t.name,
      description: t.description,
      inputSchema: t.input_schema as { type: 'object'; [k: string]: unknown },
      ...(t.output_schema ? { outputSchema: t.output_schema as { type: 'object'; [k: string]: unknown } } : {}),
    })),
  }));

  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const name = request.params.name;
    const row = await findRunnableTool(deps.db, key.organization_id, name);
    if (!row) return failure(`Unknown tool "${name}": it does not exist, or it is not approved and enabled`);
    try {
      const { tool, secrets } = await prepareRun(deps.db, row, key.environment, deps.secretKey);
      const run = await executeTool(tool, request.params.arguments ?? {}, {
        db: deps.db,
        environment: key.environment,
        secrets,
        caller: { type: 'mcp', id: key.id },
        allowedHosts: deps.allowedHosts,
      });
      await announceToolCall(deps.db, key.organization_id);
      if (run.status !== 'success') return failure(run.error ?? `The tool call ended with status ${run.status}`);
      return {
        content: [{ type: 'text', text: typeof run.output === 'string' ? run.output : JSON.stringify(run.output) }],
        ...(isObject(run.output) ? { structuredContent: run.output } : {}),
      };
    } catch (error) {
      if (error instanceof ToolInputError) return failure(`Invalid arguments: ${error.errors.map((e) => `${e.field}: ${e.message}`).join('; ')}`);
      if (error instanceof HttpError) return failure(error.detail);
      throw error;
    }
  });

  return server;
}
