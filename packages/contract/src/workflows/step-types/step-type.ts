import type { z } from 'zod';

export const STEP_CATEGORIES = ['flow', 'input', 'automation', 'review', 'messaging'] as const;
export type StepCategory = (typeof STEP_CATEGORIES)[number];

/** How a step connects onward: not at all (end), by one connection, or by named branches (one connection each). */
export type StepOutputs<C> = { kind: 'none' } | { kind: 'single' } | { kind: 'branches'; branches: (config: C) => { id: string; label: string }[] };

/** One kind of workflow step: adding a kind is one new file in this folder plus a line in registry.ts. */
export interface StepTypeDefinition<C extends Record<string, unknown> = Record<string, unknown>> {
  type: string;
  label: string;
  description: string;
  /** Bootstrap Icons name. */
  icon: string;
  category: StepCategory;
  config: z.ZodType<C>;
  defaults: C;
  /** Whether other steps may connect into it (false only for start). */
  acceptsInput: boolean;
  outputs: StepOutputs<C>;
}

/** A step type, its `type` kept as its own name (so the registry's names are a union the server's executors are checked against). */
export function defineStepType<C extends Record<string, unknown>, T extends string>(
  def: StepTypeDefinition<C> & { type: T },
): StepTypeDefinition<C> & { type: T } {
  return def;
}
