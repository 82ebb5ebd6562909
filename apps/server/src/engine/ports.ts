/**
 * The engine's outside world, as small interfaces given to it at creation (app.ts wires the real ones; the engine's
 * tests give fakes): the tool runner, the applicant links, the webhook poster, the mailer, the AI step provider, step
 * metrics and the clock. The engine imports no module, no HTTP code and no AI client: what it needs from them comes through here.
 */
import type { Environment } from '@admin-portal/contract/tools/api';
import type { Queryable } from '../db/client.ts';
import type { AiProvider } from './ai/provider.ts';
import type { Mailer } from './mailer.ts';

/** Which tool a tool step calls, for which case. */
export interface ToolTarget {
  organizationId: string;
  toolName: string;
  environment: Environment;
  /** The case making the call (recorded as the call's caller). */
  caseId: string;
}

/** Rows the step's outside work produced, written in the transaction that records its result. */
export type Afterwards = (tx: Queryable) => Promise<void>;

/** What calling a tool came to. */
export type ToolCall =
  /** The mapped input does not match the tool's input schema. */
  | { kind: 'invalid_input'; problems: readonly { field: string; message: string }[] }
  /** The call could not be made as configured (retrying will not help). */
  | { kind: 'unusable'; error: string }
  /** The tool ran (successfully or not); `afterwards` records the call in the step's result transaction. */
  | { kind: 'ran'; executionId: string; status: string; latencyMs: number; output: unknown; error: string | null; afterwards: Afterwards };

/** The tool a step names, looked up. */
export type FoundTool =
  /** There is no approved, enabled tool of that name in the organization (it may be approved later: retried). */
  | { kind: 'unavailable' }
  /** The tool's configuration cannot be used in the case's environment (retrying will not help). */
  | { kind: 'unusable'; error: string }
  | { kind: 'found'; call(input: Record<string, unknown>): Promise<ToolCall> };

/** Runs an organization's tools for tool steps (the tools module provides it). */
export interface ToolRunner {
  /**
   * Whether the tool calls out over the network, as far as is known without reading the database (a tool not looked
   * up lately counts as calling out: it then runs outside any transaction, which is always safe).
   */
  callsOut(target: ToolTarget): boolean;
  /** The tool ready to call; `q` is where its definition is read (the step's transaction, or the pool). */
  find(q: Queryable, target: ToolTarget): Promise<FoundTool>;
}

/** What posting a webhook came to. */
export type WebhookAnswer =
  | { kind: 'answered'; status: number }
  /** Refused before any request left (the SSRF guard): it would be refused again. */
  | { kind: 'refused'; error: string }
  /** No answer (a network error, the timeout). */
  | { kind: 'failed'; error: string };

/** Posts a notification step's webhook through the SSRF guard (the tool runtime provides it). */
export interface WebhookPoster {
  post(url: URL, body: string, headers: Readonly<Record<string, string>>, timeoutMs: number): Promise<WebhookAnswer>;
}

/** What a step's attempt came to (the label `outcome` of portal_step_outcomes_total). */
export type StepOutcomeLabel = 'completed' | 'waiting' | 'ended_case' | 'retry_scheduled' | 'continued_after_error' | 'failed_case';

/** Counts step attempts by type and outcome (the metrics module provides it). */
export interface StepMetrics {
  stepOutcome(stepType: string, outcome: StepOutcomeLabel): void;
}

/** The time the engine goes by for timers, deadlines and retries (the database keeps its own `now()`). */
export interface Clock {
  now(): number;
}

export const SYSTEM_CLOCK: Clock = { now: () => Date.now() };

/** Personal links to a case's applicant pages, for `{{applicant_link}}` in a notification's e-mail (the applicant-links module provides them). */
export interface ApplicantLinks {
  /** A new link to the case's pages, noted as sent to `sentTo`; answers its address (only a hash of it is kept). */
  issue(q: Queryable, c: { id: string; organization_id: string }, sentTo: string): Promise<string>;
}

export interface EnginePorts {
  tools: ToolRunner;
  applicantLinks: ApplicantLinks;
  webhooks: WebhookPoster;
  mailer: Mailer;
  /** The provider of `ai` steps. */
  ai: AiProvider;
  metrics: StepMetrics;
  clock: Clock;
}
