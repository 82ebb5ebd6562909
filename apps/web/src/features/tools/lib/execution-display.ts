import type { ToolExecution } from '@admin-portal/contract/tools/api';

/** How recorded tool runs read: status badges, who called, and their payloads as text. */

type Status = ToolExecution['status'];

export const EXECUTION_STATUS_LABELS: Readonly<Record<Status, string>> = { success: 'Success', error: 'Error', timeout: 'Timeout', refused: 'Refused' };

/** Bootstrap's subtle/emphasis pairs switch with data-bs-theme, so each badge stays readable in both themes. */
export const EXECUTION_STATUS_CLASSES: Readonly<Record<Status, string>> = {
  success: 'badge rounded-pill border bg-success-subtle text-success-emphasis border-success-subtle',
  error: 'badge rounded-pill border bg-danger-subtle text-danger-emphasis border-danger-subtle',
  timeout: 'badge rounded-pill border bg-warning-subtle text-warning-emphasis border-warning-subtle',
  refused: 'badge rounded-pill border bg-secondary-subtle text-secondary-emphasis border-secondary-subtle',
};

export const CALLER_TYPE_LABELS: Readonly<Record<string, string>> = { test: 'Test console', mcp: 'MCP client', workflow: 'Workflow' };

export const callerTypeLabel = (type: string): string => CALLER_TYPE_LABELS[type] ?? type;

/** The caller's name (the tester's email, the API key's name), else its id, else nothing. */
export const callerName = (caller: { caller_name: string | null; caller_id: string | null }): string => caller.caller_name ?? caller.caller_id ?? '—';

/** A tool deleted since keeps its runs: they read as such. */
export const toolLabel = (tool_name: string | null): string => tool_name ?? 'Deleted tool';

/** A payload as text: strings as they are, anything else as indented JSON; nothing recorded reads as such. */
export function prettyPayload(value: unknown): string {
  if (value === undefined || value === null) return 'null';
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value, null, 2);
  } catch {
    return String(value);
  }
}

/** Whether anything was recorded (undefined, null, {} and '' are nothing). */
export function hasPayload(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false;
  if (typeof value === 'object' && !Array.isArray(value)) return Object.keys(value).length > 0;
  return true;
}

/** "POST https://api.example.com/v1/x" for a request that went out; null when the tool made none (a transform). */
export function requestLine(request: ToolExecution['request']): string | null {
  if (!request || (!request.url && !request.method)) return null;
  return [request.method?.toUpperCase(), request.url].filter(Boolean).join(' ');
}
