/**
 * Where applicants stop in a workflow's forms (issue 34), from the cases waiting at a form now and what each applicant
 * has typed (their kept draft): nothing typed; stopped before a field (the first required field, in the form's order,
 * their answers lack); or every required answer given but not sent. Per form of the current version, in its order.
 */
import type { FormStop } from '@admin-portal/contract/analytics/api';
import { isEmptyAnswer } from '@admin-portal/contract/applications/form-answers';
import type { SavedStep } from '@admin-portal/contract/workflows/api';

interface FormField {
  key: string;
  label: string;
  type: string;
  required: boolean;
}

export const NOTHING_TYPED = 'Nothing typed yet';
export const ALL_ANSWERED = 'Every required answer given, not sent';

export function formStops(steps: readonly SavedStep[], waiting: readonly { step_id: string; answers: Record<string, unknown> | null }[]): FormStop[] {
  const rows: FormStop[] = [];
  for (const step of steps) {
    if (step.type !== 'form') continue;
    const fields = ((step.config as { fields?: FormField[] }).fields ?? []).filter((f) => f.key && f.label);
    const here = waiting.filter((w) => w.step_id === step.id);
    if (here.length === 0) continue;
    const stoppedAt = new Map<string | null, number>();
    let nothing = 0;
    for (const w of here) {
      const answers = w.answers ?? {};
      if (Object.values(answers).every(isEmptyAnswer)) {
        nothing += 1;
        continue;
      }
      // A file is chosen when the form is sent, so it is never in a draft: it does not stop anyone here.
      const missing = fields.find(
        (f) => f.required && f.type !== 'file' && (isEmptyAnswer(answers[f.key]) || (f.type === 'checkbox' && answers[f.key] !== true)),
      );
      const key = missing?.key ?? null;
      stoppedAt.set(key, (stoppedAt.get(key) ?? 0) + 1);
    }
    const row = (field_key: string | null, label: string, stopped: number): FormStop => ({
      step_id: step.id,
      step_name: step.name,
      field_key,
      label,
      stopped,
      waiting: here.length,
    });
    rows.push(row(null, NOTHING_TYPED, nothing));
    for (const f of fields) if (stoppedAt.has(f.key)) rows.push(row(f.key, f.label, stoppedAt.get(f.key)!));
    if (stoppedAt.has(null)) rows.push(row(null, ALL_ANSWERED, stoppedAt.get(null)!));
  }
  return rows;
}
