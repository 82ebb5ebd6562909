import type { z } from 'zod';
import type { Environment, executionStatusSchema } from '@admin-portal/contract/tools/api';
import type { Queryable } from '../../db/client.ts';

/** A tool ready to run: its definition, with the environment's overrides already merged into `config`. */
export interface RunnableTool {
  id: string;
  organization_id: string;
  name: string;
  tool_type: string;
  input_schema: Record<string, unknown>;
  output_schema: Record<string, unknown> | null;
  /** The type's config (validated), with the chosen environment's configuration applied on top. */
  config: Record<string, unknown>;
}

/** Who asked for a run: a person testing it, an MCP client (API key id) or a workflow (application id). */
export interface Caller {
  type: 'test' | 'mcp' | 'workflow';
  id: string | null;
}

export interface RunContext {
  /** Where the execution is recorded (tool_executions). */
  db: Queryable;
  environment: Environment;
  /** The environment's secrets, decrypted: filled into {{secrets.NAME}} and redacted from every record. */
  secrets: Readonly<Record<string, string>>;
  caller: Caller;
  /** TOOL_ALLOWED_HOSTS: hosts (or host:port) the SSRF guard lets through although they are private. */
  allowedHosts: readonly string[];
  signal?: AbortSignal;
  /**
   * When given, the run's tool_executions row is handed here instead of being written (the workflow runtime
   * writes it in the transaction that records the step's result).
   */
  recordLater?: (record: ExecutionRecord) => void;
}

export type ExecutionStatus = z.infer<typeof executionStatusSchema>;

/** What went out, as sent (executionRequestSchema). */
export interface RecordedRequest {
  method?: string;
  url?: string;
  headers?: Record<string, string>;
  body?: unknown;
  [key: string]: unknown;
}

/** What came back (executionResponseSchema). */
export interface RecordedResponse {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
  truncated?: boolean;
  [key: string]: unknown;
}

/** One run as tool_executions keeps it (tool-executions.queries.ts writes it). */
export interface ExecutionRecord {
  /** Chosen by the caller when the row is written later (the runtime writes it with the step's result). */
  id?: string;
  toolId: string;
  organizationId: string;
  caller: Caller;
  environment: string;
  status: ExecutionStatus;
  input: unknown;
  output: unknown;
  request: RecordedRequest | null;
  response: RecordedResponse | null;
  error: string | null;
  latencyMs: number;
  attempts: number;
}
