/** What the `ai` workflow step asks of a model provider (the built-in one, or an OpenAI-compatible model when configured). */
export interface AiStepRequest {
  mode: 'decision' | 'summary';
  prompt: string;
  /** Allowed answers in decision mode. */
  options: string[];
  applicant: Record<string, unknown>;
  data: Record<string, unknown>;
  workflowName: string;
  stepName: string;
}

export interface AiStepResult {
  provider: string;
  mode: 'decision' | 'summary';
  /** One of the options (decision mode). */
  decision?: string;
  /** The summary text (summary mode). */
  summary?: string;
  /** Why: which rule decided, or what the summary was made from. */
  explanation: string;
}

export interface AiProvider {
  readonly name: string;
  /** Whether a call leaves the process (then the step runs outside any transaction and may be retried). */
  readonly remote: boolean;
  runStep(request: AiStepRequest): Promise<AiStepResult>;
}
