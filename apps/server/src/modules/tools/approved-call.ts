/**
 * What a tool calls in one environment, and whether it is what was approved (issue 31 item 2, ADR 0037). The call is
 * the tool's type and its config with the environment's overrides on top: URL, method, headers, query, body or
 * payload template, MCP server and remote tool, mapping — everything that decides where data and secrets go and what
 * is sent. A configuration's secrets are bound to the call recorded in its `approved_call`; any other call never
 * reads them.
 */
import { canonicalJson } from '@admin-portal/contract/canonical-json';
import type { AuthContext } from '../../http/context.ts';
import type { ToolRow } from './tools.queries.ts';

export interface ToolCall {
  tool_type: string;
  config: Record<string, unknown>;
}

/** The call of a tool with an environment's overrides (none: the tool's own settings). */
export function callOf(tool: Pick<ToolRow, 'tool_type' | 'config'>, overrides: Record<string, unknown> | null): ToolCall {
  return { tool_type: tool.tool_type, config: { ...tool.config, ...overrides } };
}

/** The call a configuration makes in its environment: its overrides while it is active, else the tool's own. */
export function environmentCall(
  tool: Pick<ToolRow, 'tool_type' | 'config'>,
  configuration: { config: Record<string, unknown>; is_active: boolean } | null,
): ToolCall {
  return callOf(tool, configuration?.is_active ? configuration.config : null);
}

export function sameCall(a: ToolCall | null, b: ToolCall | null): boolean {
  return a !== null && b !== null && canonicalJson(a) === canonicalJson(b);
}

/**
 * Whether the caller may approve this tool (the approve route's rule): an administrator who did not create it, or a
 * super admin. Their edits keep an approved tool approved; anyone else's change to what it calls sends it back.
 */
export function mayApprove(auth: AuthContext, tool: Pick<ToolRow, 'created_by'>): boolean {
  if (auth.isSuperAdmin) return true;
  return auth.role === 'admin' && tool.created_by !== auth.userId;
}
