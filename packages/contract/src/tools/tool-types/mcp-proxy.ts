import { z } from 'zod';
import { headersSchema, timeoutMs, urlTemplate } from './common.ts';
import { defineToolType } from './tool-type.ts';

export const mcpProxyTool = defineToolType({
  type: 'mcp_proxy',
  label: 'MCP proxy',
  description: "Calls a tool of another MCP server (Streamable HTTP) with this tool's input.",
  icon: 'diagram-3',
  config: z.object({
    server_url: urlTemplate.describe('The MCP endpoint, e.g. https://mcp.example.com/mcp'),
    remote_tool: z.string().trim().min(1, 'Name the remote tool').max(128),
    headers: headersSchema.describe('e.g. Authorization → Bearer {{secrets.TOKEN}}'),
    timeout_ms: timeoutMs,
  }),
  defaults: { server_url: 'https://mcp.example.com/mcp', remote_tool: 'lookup', headers: {}, timeout_ms: 10_000 },
  outbound: true,
  retries: false,
});
