/** The runtime of each tool type (DESIGN §7): one per type of the contract's registry. */
import type { ToolTypeName } from '@admin-portal/contract/tools/tool-types/tool-type';
import type { ToolRuntime } from '../runtime.ts';
import { runHttpRequest } from './http-request.runtime.ts';
import { runMcpProxy } from './mcp-proxy.runtime.ts';
import { runTransform } from './transform.runtime.ts';
import { runWebhook } from './webhook.runtime.ts';

export const RUNTIMES: Readonly<Record<ToolTypeName, ToolRuntime>> = {
  http_request: runHttpRequest,
  webhook: runWebhook,
  transform: runTransform,
  mcp_proxy: runMcpProxy,
};

export function runtimeFor(toolType: string): ToolRuntime | undefined {
  return Object.hasOwn(RUNTIMES, toolType) ? RUNTIMES[toolType as ToolTypeName] : undefined;
}
