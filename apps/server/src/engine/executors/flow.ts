/** The steps that only move the case: start, condition, delay and end. */
import { OTHERWISE_BRANCH } from '@admin-portal/contract/workflows/step-types/condition';
import { evaluateCondition } from '@admin-portal/contract/workflows/expression';
import { scopeOf, type StepExecutor } from './types.ts';

const pure = () => false;

export const startExecutor: StepExecutor = {
  io: pure,
  run: async () => ({ kind: 'done' }),
};

interface ConditionConfig {
  branches: { id: string; label: string; expression: string }[];
  otherwise: boolean;
}

/** Branches are tried in order; the first whose expression holds is taken, else Otherwise. */
export const conditionExecutor: StepExecutor = {
  io: pure,
  async run({ step, case: c }) {
    const config = step.config as unknown as ConditionConfig;
    const scope = scopeOf(c);
    for (const branch of config.branches) {
      try {
        if (evaluateCondition(branch.expression, scope))
          return { kind: 'done', branch: branch.id, output: { branch: branch.id, expression: branch.expression } };
      } catch (error) {
        return { kind: 'error', retryable: false, error: `The expression of branch "${branch.label}" cannot be evaluated: ${(error as Error).message}` };
      }
    }
    if (config.otherwise) return { kind: 'done', branch: OTHERWISE_BRANCH, output: { branch: OTHERWISE_BRANCH } };
    return { kind: 'error', retryable: false, error: 'No branch holds and the step has no Otherwise branch' };
  },
};

const UNIT_MS = { seconds: 1000, minutes: 60_000, hours: 3_600_000, days: 86_400_000 } as const;

/** A durable timer: the case waits (a database row) until the time has passed; the job runs it on then. */
export const delayExecutor: StepExecutor = {
  io: pure,
  async run({ step, deps }) {
    const { amount, unit } = step.config as { amount: number; unit: keyof typeof UNIT_MS };
    return { kind: 'wait', waitingFor: 'delay', until: new Date(deps.clock.now() + amount * UNIT_MS[unit]) };
  },
};

export const endExecutor: StepExecutor = {
  io: pure,
  run: async ({ step }) => ({ kind: 'end', outcome: String((step.config as { outcome?: string }).outcome ?? 'completed') }),
};
