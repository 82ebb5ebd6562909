import type { StepTypeName } from '@admin-portal/contract/workflows/step-types/registry';
import { aiExecutor } from './ai.ts';
import { approvalExecutor } from './approval.ts';
import { conditionExecutor, delayExecutor, endExecutor, startExecutor } from './flow.ts';
import { formExecutor } from './form.ts';
import { notificationExecutor } from './notification.ts';
import { toolExecutor } from './tool.ts';
import type { StepExecutor } from './types.ts';

/**
 * What runs each step type (the contract's registry says what a type is; this says what it does). Typed by the
 * registry's names: a step type added there without an executor here does not compile.
 */
const EXECUTORS: { readonly [T in StepTypeName]: StepExecutor } = {
  start: startExecutor,
  form: formExecutor,
  tool: toolExecutor,
  condition: conditionExecutor,
  approval: approvalExecutor,
  ai: aiExecutor,
  delay: delayExecutor,
  notification: notificationExecutor,
  end: endExecutor,
};

/** The executor of a saved step's type (undefined for a type this server does not know, e.g. from a newer version). */
export function executorOf(type: string): StepExecutor | undefined {
  return Object.hasOwn(EXECUTORS, type) ? EXECUTORS[type as StepTypeName] : undefined;
}
