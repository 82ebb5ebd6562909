/**
 * What a tool type's runtime answers, before it is redacted and recorded (execute-tool.ts does both).
 */
import type { z } from 'zod';
import type { HostResolver } from './ssrf-guard.ts';
import type { ExecutionStatus, RecordedRequest, RecordedResponse, RunContext, RunnableTool } from './types.ts';

export interface RuntimeOutcome {
  status: ExecutionStatus;
  output: unknown;
  error: string | null;
  request: RecordedRequest | null;
  response: RecordedResponse | null;
  attempts: number;
}

/** RunContext plus what tests may swap (DNS resolution). */
export interface RuntimeContext extends RunContext {
  resolve?: HostResolver;
}

export type ToolRuntime = (tool: RunnableTool, input: unknown, ctx: RuntimeContext) => Promise<RuntimeOutcome>;

export function failed(error: string, extra: Partial<RuntimeOutcome> = {}): RuntimeOutcome {
  return { status: 'error', output: null, error, request: null, response: null, attempts: 1, ...extra };
}

/**
 * The tool's config read with its type's schema (defaults filled in). The tools module validates it before a
 * run; an invalid one here (saved some other way) is a failed run, not a crash.
 */
export function readConfig<C>(schema: z.ZodType<C>, tool: RunnableTool): { config: C } | { outcome: RuntimeOutcome } {
  const parsed = schema.safeParse(tool.config ?? {});
  if (parsed.success) return { config: parsed.data };
  const issue = parsed.error.issues[0]!;
  return { outcome: failed(`The tool's configuration is not valid: ${issue.path.map(String).join('.') || 'config'}: ${issue.message}`) };
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The message of the innermost cause of an error ("fetch failed" says nothing; its cause does). */
export function rootCauseMessage(error: unknown): string {
  let current: unknown = error;
  const seen = new Set<unknown>([error]);
  while (current instanceof Error && current.cause !== undefined && !seen.has(current.cause)) {
    current = current.cause;
    seen.add(current);
  }
  return errorMessage(current);
}
