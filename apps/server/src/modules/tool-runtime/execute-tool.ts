/**
 * Running a tool (issue 5 item 5): the input is checked against the tool's input schema (a mismatch throws
 * ToolInputError and nothing is recorded), the type's runtime runs it (templates, SSRF guard, timeout, size
 * cap, retries), the output is checked against the output schema when there is one, and the run is recorded
 * in tool_executions with every secret redacted and large bodies cut. A failed call is an answer, never a
 * throw: only bad input or a database failure throw.
 */
import { randomUUID } from 'node:crypto';
import { createRedactor, type Redactor } from './redaction.ts';
import { errorMessage, failed, type RuntimeContext, type RuntimeOutcome } from './runtime.ts';
import type { ExecutionStatus, RecordedRequest, RecordedResponse, RunnableTool } from './types.ts';
import { runtimeFor } from './runtimes/index.ts';
import { compileSchema, schemaErrors, ToolInputError } from './schema-validation.ts';
import { capError, capValue } from './storage-limits.ts';
import { insertToolExecution } from './tool-executions.queries.ts';

export { ToolInputError } from './schema-validation.ts';

export interface ToolRun {
  /** The tool_executions row of this run. */
  execution_id: string;
  status: ExecutionStatus;
  /** The output (secrets redacted, not cut): what the caller gets back. */
  output: unknown;
  error: string | null;
  latency_ms: number;
  attempts: number;
  /** What went out and came back, as recorded (redacted, large bodies cut). */
  request: RecordedRequest | null;
  response: RecordedResponse | null;
}

/** Throws ToolInputError when the input does not match the schema; answers an error message when the schema itself is unusable. */
function checkInput(tool: RunnableTool, input: unknown): string | null {
  try {
    compileSchema(tool.input_schema);
  } catch (error) {
    return `The tool's input schema cannot be used: ${errorMessage(error)}`;
  }
  const errors = schemaErrors(tool.input_schema, input, 'input');
  if (errors.length) throw new ToolInputError(errors);
  return null;
}

function checkOutput(tool: RunnableTool, outcome: RuntimeOutcome): RuntimeOutcome {
  if (outcome.status !== 'success' || !tool.output_schema) return outcome;
  let errors;
  try {
    errors = schemaErrors(tool.output_schema, outcome.output, 'output');
  } catch (error) {
    return { ...outcome, status: 'error', error: `The tool's output schema cannot be used: ${errorMessage(error)}` };
  }
  if (!errors.length) return outcome;
  const detail = errors
    .slice(0, 5)
    .map((e) => `${e.field} ${e.message}`)
    .join('; ');
  return { ...outcome, status: 'error', error: `Output does not match the output schema: ${detail}` };
}

async function runSafely(tool: RunnableTool, input: unknown, ctx: RuntimeContext): Promise<RuntimeOutcome> {
  const runtime = runtimeFor(tool.tool_type);
  if (!runtime) return failed(`Unknown tool type "${tool.tool_type}"`);
  try {
    return await runtime(tool, input, ctx);
  } catch (error) {
    // A runtime answers its failures; anything thrown is a bug, still recorded as a failed run.
    return failed(`The tool failed unexpectedly: ${errorMessage(error)}`);
  }
}

/** A request or response as stored: redacted (credential headers entirely), its body cut when large. */
function storedExchange<T extends RecordedRequest | RecordedResponse>(part: T | null, redact: Redactor): T | null {
  if (!part) return null;
  const { headers, body, ...rest } = part;
  const out = redact.value(rest) as T;
  if (headers) out.headers = redact.headers(headers);
  if (body !== undefined) {
    const capped = capValue(redact.value(body));
    out.body = capped.value;
    if (capped.truncated) out.truncated = true;
  }
  return out;
}

/** A large input or output is stored as a marked prefix of its JSON. */
function storedValue(value: unknown): unknown {
  const capped = capValue(value);
  return capped.truncated ? { truncated: true, preview: capped.value } : capped.value;
}

export async function executeTool(tool: RunnableTool, input: unknown, ctx: RuntimeContext): Promise<ToolRun> {
  const schemaProblem = checkInput(tool, input);
  const started = performance.now();
  const outcome = schemaProblem ? failed(schemaProblem) : checkOutput(tool, await runSafely(tool, input, ctx));
  const latency = Math.max(0, Math.round(performance.now() - started));

  const redact = createRedactor(ctx.secrets);
  const output = redact.value(outcome.output ?? null);
  const error = capError(outcome.error === null ? null : redact.text(outcome.error));
  const request = storedExchange(outcome.request, redact);
  const response = storedExchange(outcome.response, redact);
  const attempts = Math.max(1, outcome.attempts);

  const record = {
    toolId: tool.id,
    organizationId: tool.organization_id,
    caller: ctx.caller,
    environment: ctx.environment,
    status: outcome.status,
    input: storedValue(redact.value(input)),
    output: storedValue(output),
    request,
    response,
    error,
    latencyMs: latency,
    attempts,
  };
  let executionId: string;
  if (ctx.recordLater) {
    executionId = randomUUID();
    ctx.recordLater({ ...record, id: executionId });
  } else {
    executionId = await insertToolExecution(ctx.db, record);
  }
  return { execution_id: executionId, status: outcome.status, output, error, latency_ms: latency, attempts, request, response };
}
