import type { z } from 'zod';

export const TOOL_TYPE_NAMES = ['http_request', 'webhook', 'transform', 'mcp_proxy'] as const;
export type ToolTypeName = (typeof TOOL_TYPE_NAMES)[number];

/**
 * One kind of tool (DESIGN §7): adding a kind is a file here, a line in registry.ts and its runtime on the
 * server. `config` is the tool's own settings; an environment's configuration may override any of them and
 * adds the secrets the templates read as {{secrets.NAME}}.
 */
export interface ToolTypeDefinition<C extends Record<string, unknown> = Record<string, unknown>> {
  type: ToolTypeName;
  label: string;
  description: string;
  /** Bootstrap Icons name. */
  icon: string;
  config: z.ZodType<C>;
  defaults: C;
  /** Whether the runtime calls out over the network (and so goes through the SSRF guard). */
  outbound: boolean;
  /** Whether a failed call is retried (as many times as the config's `retries` says). */
  retries: boolean;
}

/** A tool type, its `type` kept as its own name (so the registry can be checked against TOOL_TYPE_NAMES). */
export function defineToolType<C extends Record<string, unknown>, T extends ToolTypeName>(
  def: ToolTypeDefinition<C> & { type: T },
): ToolTypeDefinition<C> & { type: T } {
  return def;
}
