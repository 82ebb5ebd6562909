/**
 * mcp_proxy: calls `remote_tool` of another MCP server (Streamable HTTP, the official SDK's client) with this
 * tool's input. The server URL goes through the SSRF guard like any outbound request (every HTTP request of
 * the SDK uses the guarded, DNS-pinned fetch), and `timeout_ms` bounds the whole run (connect + call).
 * Answers the tool result's structuredContent when present, else its content; a result with isError fails.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { mcpProxyTool } from '@admin-portal/contract/tools/tool-types/mcp-proxy';
import { createGuardedFetch } from '../guarded-fetch.ts';
import { buildHeaders, fillTargetUrl } from '../outbound-request.ts';
import { failed, readConfig, rootCauseMessage, type RuntimeOutcome, type ToolRuntime } from '../runtime.ts';
import type { RecordedRequest, RecordedResponse } from '../types.ts';
import { findSsrfRefusal } from '../ssrf-guard.ts';
import type { TemplateScope } from '../templates.ts';

export const MCP_CLIENT_INFO = { name: 'admin-portal-tools', version: '1.0.0' };

/** The text of a result's content (what an isError result says). */
function contentText(content: unknown): string {
  if (!Array.isArray(content)) return '';
  return content
    .map((item: { type?: unknown; text?: unknown }) => (item && item.type === 'text' && typeof item.text === 'string' ? item.text : ''))
    .filter(Boolean)
    .join(' ')
    .slice(0, 500);
}

export const runMcpProxy: ToolRuntime = async (tool, input, ctx) => {
  const read = readConfig(mcpProxyTool.config, tool);
  if ('outcome' in read) return read.outcome;
  const config = read.config;
  const scope: TemplateScope = { input, config: tool.config, secrets: ctx.secrets, environment: ctx.environment };
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return failed('An MCP tool takes an object as its input');

  const url = fillTargetUrl(config.server_url, scope);
  if ('outcome' in url) return url.outcome;
  const headers = buildHeaders(config.headers, scope);
  if ('outcome' in headers) return headers.outcome;

  const params = { name: config.remote_tool, arguments: input as Record<string, unknown> };
  const request: RecordedRequest = {
    method: 'POST',
    url: url.url.toString(),
    headers: headers.headers,
    body: { jsonrpc: '2.0', method: 'tools/call', params },
  };
  let response: RecordedResponse | null = null;
  const done = (rest: Pick<RuntimeOutcome, 'status' | 'output' | 'error'>): RuntimeOutcome => ({ ...rest, request, response, attempts: 1 });

  const timeout = AbortSignal.timeout(config.timeout_ms);
  const signal = ctx.signal ? AbortSignal.any([timeout, ctx.signal]) : timeout;
  const net = createGuardedFetch({ allowedHosts: ctx.allowedHosts, resolve: ctx.resolve });
  let client: Client | null = null;
  try {
    await net.check(url.url, signal);
    const transport = new StreamableHTTPClientTransport(url.url, {
      fetch: net.fetch as unknown as FetchLike,
      requestInit: { headers: headers.headers },
    });
    client = new Client(MCP_CLIENT_INFO);
    await client.connect(transport, { signal, timeout: config.timeout_ms });
    const result = await client.callTool(params, undefined, { signal, timeout: config.timeout_ms });
    const server = client.getServerVersion();
    response = { body: result, ...(server ? { server: { name: server.name, version: server.version } } : {}) };
    const output = result.structuredContent ?? result.content ?? null;
    if (result.isError) {
      const text = contentText(result.content);
      return done({ status: 'error', output, error: `The remote tool ${config.remote_tool} answered an error${text ? `: ${text}` : ''}` });
    }
    return done({ status: 'success', output, error: null });
  } catch (error) {
    const refusal = findSsrfRefusal(error);
    if (refusal) return done({ status: 'refused', output: null, error: refusal.message });
    if (timeout.aborted || (error instanceof McpError && error.code === ErrorCode.RequestTimeout)) {
      return done({ status: 'timeout', output: null, error: `Timed out after ${config.timeout_ms} ms` });
    }
    if (ctx.signal?.aborted) return done({ status: 'error', output: null, error: 'The run was cancelled' });
    return done({ status: 'error', output: null, error: `MCP call failed: ${rootCauseMessage(error)}` });
  } finally {
    await client?.close().catch(() => undefined);
    await net.close().catch(() => undefined);
  }
};
