import { z } from 'zod';
import { aiStep } from './ai.ts';
import { approvalStep } from './approval.ts';
import { conditionStep } from './condition.ts';
import { delayStep } from './delay.ts';
import { endStep } from './end.ts';
import { formStep } from './form.ts';
import { notificationStep } from './notification.ts';
import { startStep } from './start.ts';
import type { StepTypeDefinition } from './step-type.ts';
import { toolStep } from './tool.ts';

/** Every step type (DESIGN §6), in palette order. */
export const STEP_TYPES = [startStep, formStep, toolStep, conditionStep, approvalStep, aiStep, delayStep, notificationStep, endStep] as const;

/** A step type's name: adding a type to STEP_TYPES adds its name here (and the server's executors map must then name it). */
export type StepTypeName = (typeof STEP_TYPES)[number]['type'];
export const STEP_TYPE_NAMES = STEP_TYPES.map((t) => t.type) as [StepTypeName, ...StepTypeName[]];
export const stepTypeNameSchema = z.enum(STEP_TYPE_NAMES);

const BY_TYPE = new Map<string, StepTypeDefinition>(STEP_TYPES.map((t) => [t.type, t as unknown as StepTypeDefinition]));

export function getStepType(type: string): StepTypeDefinition | undefined {
  return BY_TYPE.get(type);
}

export interface ConfigCheck {
  valid: boolean;
  config: Record<string, unknown> | null;
  errors: { field: string; message: string }[];
}

/** Validates (and fills defaults into) a step's config against its type's schema. */
export function validateStepConfig(type: string, config: unknown): ConfigCheck {
  const def = getStepType(type);
  if (!def) return { valid: false, config: null, errors: [{ field: 'type', message: `Unknown step type "${type}"` }] };
  const parsed = def.config.safeParse(config ?? {});
  if (parsed.success) return { valid: true, config: parsed.data, errors: [] };
  return {
    valid: false,
    config: null,
    errors: parsed.error.issues.map((i) => ({ field: i.path.map(String).join('.') || 'config', message: i.message })),
  };
}

/** The named branches a step of this type and config must connect (empty for single-output steps). */
export function stepBranches(type: string, config: Record<string, unknown>): { id: string; label: string }[] {
  const def = getStepType(type);
  if (!def || def.outputs.kind !== 'branches') return [];
  const parsed = def.config.safeParse(config);
  return parsed.success ? def.outputs.branches(parsed.data) : [];
}

/** A type as the API serves it: its config as JSON Schema. */
export function describeStepType(def: StepTypeDefinition) {
  return {
    type: def.type,
    label: def.label,
    description: def.description,
    icon: def.icon,
    category: def.category,
    config_schema: z.toJSONSchema(def.config, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>,
    defaults: def.defaults,
    accepts_input: def.acceptsInput,
    outputs: def.outputs.kind,
    branches: def.outputs.kind === 'branches' ? def.outputs.branches(def.defaults) : [],
  };
}
