/** A form step: the case waits for the applicant's answers, unless the application data already holds them. */
import type { StepExecutor } from './types.ts';

export interface FormField {
  key: string;
  label: string;
  type: 'text' | 'email' | 'number' | 'date' | 'select' | 'checkbox' | 'file';
  required: boolean;
  options: string[];
}

export interface FormConfig {
  title: string;
  instructions: string;
  fields: FormField[];
}

const present = (value: unknown) => value !== undefined && value !== null && value !== '';

/** Whether the data answers the form already: every required field present, and at least one field. */
export function formAnswered(config: FormConfig, data: Record<string, unknown>): boolean {
  const required = config.fields.filter((f) => f.required);
  const fields = required.length > 0 ? required : config.fields;
  return fields.length > 0 && fields.every((f) => present(data[f.key]));
}

export const formExecutor: StepExecutor = {
  io: () => false,
  async run({ step, case: c }) {
    const config = step.config as unknown as FormConfig;
    if (formAnswered(config, c.data)) return { kind: 'done', output: { answered_from: 'application data' } };
    return { kind: 'wait', waitingFor: 'form' };
  },
};
