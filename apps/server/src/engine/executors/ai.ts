/** An AI step: a decision among options or a summary, from the configured provider, stored in `output_field`. */
import type { StepExecutor } from './types.ts';

interface AiConfig {
  mode: 'decision' | 'summary';
  prompt: string;
  output_field: string;
  options: string[];
}

export const aiExecutor: StepExecutor = {
  io: (_step, deps) => deps.ai.remote,
  retryPolicy: () => ({ retries: 2, onError: 'fail' }),
  async run({ step, case: c, graph, deps }) {
    const config = step.config as unknown as AiConfig;
    try {
      const result = await deps.ai.runStep({
        mode: config.mode,
        prompt: config.prompt,
        options: config.options,
        applicant: c.applicant,
        data: c.data,
        workflowName: graph.name,
        stepName: step.name,
      });
      return { kind: 'done', output: result, data: { [config.output_field]: result } };
    } catch (error) {
      return { kind: 'error', retryable: true, error: `The AI provider failed: ${(error as Error).message}` };
    }
  },
};
