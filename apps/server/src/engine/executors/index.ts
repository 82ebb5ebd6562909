import { aiExecutor } from './ai.ts';
import { approvalExecutor } from './approval.ts';
import { conditionExecutor, delayExecutor, endExecutor, startExecutor } from './flow.ts';
import { formExecutor } from './form.ts';
import { notificationExecutor } from './notification.ts';
import { toolExecutor } from './tool.ts';
import type { StepExecutor } from './types.ts';

/** What runs each step type (the contract's registry says what a type is; this says what it does). */
export const EXECUTORS: Readonly<Record<string, StepExecutor>> = {
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
