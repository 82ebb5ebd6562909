import { z } from 'zod';
import { httpRequestTool } from './http-request.ts';
import { mcpProxyTool } from './mcp-proxy.ts';
import { TOOL_TYPE_NAMES, type ToolTypeDefinition, type ToolTypeName } from './tool-type.ts';
import { transformTool } from './transform.ts';
import { webhookTool } from './webhook.ts';

/** Every tool type (DESIGN §7). */
export const TOOL_TYPES = [httpRequestTool, webhookTool, transformTool, mcpProxyTool] as const;
export const toolTypeSchema = z.enum(TOOL_TYPE_NAMES);

// The registry holds a type of every name of TOOL_TYPE_NAMES: one left out is a compile error here.
type Registered = (typeof TOOL_TYPES)[number]['type'];
const everyNameRegistered: [ToolTypeName] extends [Registered] ? true : never = true;
void everyNameRegistered;

const BY_TYPE = new Map<string, ToolTypeDefinition>(TOOL_TYPES.map((t) => [t.type, t as unknown as ToolTypeDefinition]));

export function getToolType(type: string): ToolTypeDefinition | undefined {
  return BY_TYPE.get(type);
}

export interface ToolConfigCheck {
  valid: boolean;
  config: Record<string, unknown> | null;
  /** Paths relative to the config (`url`, `headers.X-Key`). */
  errors: { field: string; message: string }[];
}

/** Validates (and fills defaults into) a tool's config against its type. */
export function validateToolConfig(type: string, config: unknown): ToolConfigCheck {
  const def = getToolType(type);
  if (!def) return { valid: false, config: null, errors: [{ field: 'tool_type', message: `Unknown tool type "${type}"` }] };
  const parsed = def.config.safeParse(config ?? {});
  if (parsed.success) return { valid: true, config: parsed.data, errors: [] };
  return { valid: false, config: null, errors: parsed.error.issues.map((i) => ({ field: i.path.map(String).join('.'), message: i.message })) };
}

/** A type as the API serves it (`GET /admin/tools/types`, `.../config-schema`). */
export function describeToolType(def: ToolTypeDefinition) {
  return {
    type: def.type,
    label: def.label,
    description: def.description,
    icon: def.icon,
    config_schema: z.toJSONSchema(def.config, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>,
    defaults: def.defaults,
    outbound: def.outbound,
    retries: def.retries,
  };
}
