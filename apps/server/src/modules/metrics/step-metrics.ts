/**
 * The engine's step metrics (its `StepMetrics` port): portal_step_outcomes_total, counted as steps run and registered
 * in the app's registry by registerRequestMetrics.
 */
import { Counter } from 'prom-client';
import type { StepMetrics } from '../../engine/commands.ts';

export interface StepOutcomeMetrics extends StepMetrics {
  readonly counter: Counter<'step_type' | 'outcome'>;
}

export function createStepMetrics(): StepOutcomeMetrics {
  const counter = new Counter({
    name: 'portal_step_outcomes_total',
    help: 'Step attempts of the application runtime in this process, by step type and outcome',
    labelNames: ['step_type', 'outcome'] as const,
    registers: [],
  });
  return { counter, stepOutcome: (stepType, outcome) => counter.inc({ step_type: stepType, outcome }) };
}
