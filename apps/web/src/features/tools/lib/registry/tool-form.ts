import { toolNameSchema, type CreateTool, type Tool, type ToolTypeDescription, type UpdateTool } from '@admin-portal/contract/tools/api';
import type { ToolTemplate } from '@admin-portal/contract/tools/templates';
import { validateToolConfig } from '@admin-portal/contract/tools/tool-types/registry';
import type { ToolTypeName } from '@admin-portal/contract/tools/tool-types/tool-type';
import { checkOptionalSchemaText, checkSchemaText, EMPTY_INPUT_SCHEMA, schemaToText } from './schema-text.ts';

/**
 * A tool's definition as the register and edit forms hold it: the schemas as the text being typed, the config as
 * the type's form edits it. Checked with the contract's own rules (name, the type's config schema) before it is
 * sent, so the browser says what the server would; the server's errors use the same field names.
 */
export interface ToolFormValues {
  name: string;
  description: string;
  tool_type: ToolTypeName;
  config: Record<string, unknown>;
  inputSchemaText: string;
  /** Empty: no output schema. */
  outputSchemaText: string;
}

export type ToolFormErrors = Record<string, string>;

const clone = <T>(value: T): T => structuredClone(value);

export function formFromTemplate(
  template: ToolTemplate | Pick<ToolTemplate, 'name' | 'description' | 'tool_type' | 'config' | 'input_schema'>,
): ToolFormValues {
  return {
    name: template.name,
    description: template.description,
    tool_type: template.tool_type,
    config: clone(template.config),
    inputSchemaText: schemaToText(template.input_schema),
    outputSchemaText: '',
  };
}

export function formFromType(type: Pick<ToolTypeDescription, 'type' | 'defaults'>): ToolFormValues {
  return {
    name: '',
    description: '',
    tool_type: type.type as ToolTypeName,
    config: clone(type.defaults),
    inputSchemaText: schemaToText(EMPTY_INPUT_SCHEMA),
    outputSchemaText: '',
  };
}

export function formFromTool(tool: Tool): ToolFormValues {
  return {
    name: tool.name,
    description: tool.description,
    tool_type: tool.tool_type as ToolTypeName,
    config: clone(tool.config),
    inputSchemaText: schemaToText(tool.input_schema),
    outputSchemaText: schemaToText(tool.output_schema),
  };
}

export type ToolFormCheck = { ok: true; body: CreateTool & { output_schema: Record<string, unknown> | null } } | { ok: false; errors: ToolFormErrors };

/** Every problem at once (name, description, config fields, both schemas), keyed as the server keys them. */
export function checkToolForm(values: ToolFormValues): ToolFormCheck {
  const errors: ToolFormErrors = {};
  const name = toolNameSchema.safeParse(values.name);
  if (!name.success) errors.name = name.error.issues[0]?.message ?? 'Not a valid tool name';
  const description = values.description.trim();
  if (!description) errors.description = 'Description is required';
  else if (description.length > 2000) errors.description = 'At most 2000 characters';
  const config = validateToolConfig(values.tool_type, values.config);
  for (const e of config.errors) {
    const field = e.field === 'tool_type' ? 'tool_type' : e.field ? `config.${e.field}` : 'config';
    if (!(field in errors)) errors[field] = e.message;
  }
  const input = checkSchemaText(values.inputSchemaText, 'input');
  if (!input.ok) errors.input_schema = input.path ? `${input.path}: ${input.message}` : input.message;
  const output = checkOptionalSchemaText(values.outputSchemaText, 'output');
  if (!output.ok) errors.output_schema = output.path ? `${output.path}: ${output.message}` : output.message;
  if (Object.keys(errors).length > 0 || !name.success || !input.ok || !output.ok) return { ok: false, errors };
  return {
    ok: true,
    body: { name: name.data, description, tool_type: values.tool_type, config: values.config, input_schema: input.schema, output_schema: output.schema },
  };
}

/** Deep equality that ignores the order of object keys (the database stores JSON with its own key order). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => sameJson(v, b[i]));
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
  }
  return false;
}

/** Only what the edit changed, so saving an untouched approved tool does not send it back for approval. */
export function definitionChanges(tool: Tool, body: CreateTool & { output_schema: Record<string, unknown> | null }): UpdateTool {
  const changes: UpdateTool = {};
  if (body.name !== tool.name) changes.name = body.name;
  if (body.description !== tool.description) changes.description = body.description;
  if (body.tool_type !== tool.tool_type) changes.tool_type = body.tool_type;
  if (body.config && !sameJson(body.config, tool.config)) changes.config = body.config;
  if (body.input_schema && !sameJson(body.input_schema, tool.input_schema)) changes.input_schema = body.input_schema;
  if (!sameJson(body.output_schema, tool.output_schema)) changes.output_schema = body.output_schema;
  return changes;
}

/** Whether saving these changes sends the tool back for approval (the server's rule). */
/** Whether a tool's status stands for an approval (approved, or disabled after it). */
export const holdsApproval = (status: Tool['status']): boolean => status === 'approved' || status === 'disabled';

/** Whether saving these changes sends the tool back for approval (not when the editor may approve it). */
export const needsApprovalAgain = (tool: Pick<Tool, 'status'>, changes: UpdateTool, editorMayApprove = false): boolean =>
  !editorMayApprove && holdsApproval(tool.status) && Object.keys(changes).length > 0;

/**
 * Whether saving a configuration changes what the tool calls in its environment (the server's rule): its overrides
 * while it is active, else the tool's own settings. No configuration before (undefined) calls the tool's own.
 */
export function configurationCallChanges(
  before: { config: Record<string, unknown>; is_active: boolean } | undefined,
  after: { config: Record<string, unknown>; is_active: boolean } | undefined,
): boolean {
  const call = (c: typeof before) => (c?.is_active ? c.config : {});
  return !sameJson(call(before), call(after));
}
