/**
 * Each step type's name in words, without zod: the analytics pages name steps by their kind before anything needs the
 * registry's config schemas. The definitions (one file per kind) keep their own `label`; labels.test.ts checks the two agree.
 */
export const STEP_TYPE_LABELS: Readonly<Record<string, string>> = {
  start: 'Start',
  form: 'Form',
  tool: 'Tool',
  condition: 'Condition',
  approval: 'Approval',
  ai: 'AI',
  delay: 'Delay',
  notification: 'Notification',
  end: 'End',
};

/** A step type's label, or undefined for a type the registry does not have. */
export function stepTypeLabel(type: string): string | undefined {
  return Object.hasOwn(STEP_TYPE_LABELS, type) ? STEP_TYPE_LABELS[type] : undefined;
}
