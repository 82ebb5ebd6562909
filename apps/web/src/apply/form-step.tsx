/** @jsxImportSource preact */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ApplicantCase } from '@admin-portal/contract/applicant/api';
import type { ApplicantTexts } from '@admin-portal/contract/applicant/texts';
import { checkAnswer, isEmptyAnswer, type FormFieldView } from '@admin-portal/contract/applications/form-answers';
import { ApplyError, OfflineError, saveDraft, sendForm } from './api.ts';
import { CheckboxInput, FileInput, formatSize, SelectInput, TextInput } from './fields.tsx';

type Form = NonNullable<ApplicantCase['form']>;
type Values = Record<string, string | boolean>;

/** How long after the last keystroke the draft is kept. */
const DRAFT_DELAY_MS = 800;

function initialValues(form: Form): Values {
  const values: Values = {};
  for (const f of form.fields) {
    if (f.type === 'file') continue;
    const kept = form.answers[f.key];
    values[f.key] = f.type === 'checkbox' ? kept === true : kept === null || kept === undefined ? '' : String(kept);
  }
  return values;
}

/** The problem with one field's answer, in the page's language, or none (the contract's rules, as the server's). */
export function fieldProblem(
  field: FormFieldView,
  value: string | boolean | undefined,
  file: File | null,
  limits: ApplicantCase['limits'],
  t: ApplicantTexts,
): string | undefined {
  if (field.type === 'file') {
    if (!file) return field.required ? t.problem.required : undefined;
    if (file.size > limits.file_bytes) return t.problem.file_too_large(formatSize(limits.file_bytes));
    return undefined;
  }
  if (field.type === 'checkbox') return field.required && value !== true ? t.problem.required : undefined;
  if (isEmptyAnswer(value)) return field.required ? t.problem.required : undefined;
  const checked = checkAnswer(field, value);
  if (!('problem' in checked)) return undefined;
  return checked.problem === 'required' ? t.problem.required : t.problem[checked.problem];
}

/** The form the case waits for: answers checked as they are given, kept as a draft, sent with the files. */
export function FormStep({
  token,
  data,
  form,
  texts: t,
  onSent,
}: {
  token: string;
  data: ApplicantCase;
  form: Form;
  texts: ApplicantTexts;
  onSent: (next: ApplicantCase) => void;
}) {
  const [values, setValues] = useState<Values>(() => initialValues(form));
  const [files, setFiles] = useState<Record<string, File | null>>({});
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const [offline, setOffline] = useState(false);
  const summary = useRef<HTMLDivElement>(null);

  // The draft: kept a moment after the last change (files are chosen again when the applicant comes back).
  const dirty = useRef(false);
  useEffect(() => {
    if (!dirty.current) return;
    const timer = window.setTimeout(() => {
      const answers = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ''));
      saveDraft(token, form.step_id, answers).catch(() => undefined);
    }, DRAFT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [values, token, form.step_id]);

  const errors: Record<string, string> = {};
  for (const field of form.fields) {
    if (!submitted && !touched[field.key]) continue;
    const problem = fieldProblem(field, values[field.key], files[field.key] ?? null, data.limits, t);
    if (problem) errors[field.key] = problem;
    else if (serverErrors[field.key]) errors[field.key] = serverErrors[field.key]!;
  }
  const totalFiles = Object.values(files).reduce((n, f) => n + (f?.size ?? 0), 0);
  const caseTooLarge = totalFiles > data.limits.case_bytes_left;

  const set = (key: string, value: string | boolean) => {
    dirty.current = true;
    setValues((v) => ({ ...v, [key]: value }));
    setServerErrors(({ [key]: _gone, ...rest }) => rest);
  };
  const touch = (key: string) => setTouched((s) => ({ ...s, [key]: true }));

  const send = async () => {
    if (sending) return;
    setSending(true);
    setMessage('');
    setOffline(false);
    setProgress(Object.values(files).some(Boolean) ? 0 : null);
    const answers: Values = {};
    for (const field of form.fields) {
      const value = values[field.key];
      if (field.type === 'file' || value === undefined || value === '') continue;
      answers[field.key] = value;
    }
    const chosen = Object.fromEntries(Object.entries(files).filter((e): e is [string, File] => e[1] !== null));
    try {
      onSent(await sendForm(token, form.step_id, answers, chosen, setProgress));
    } catch (error) {
      setSending(false);
      setProgress(null);
      if (error instanceof OfflineError) setOffline(true);
      else if (error instanceof ApplyError && error.status === 429) setMessage(t.tooMany);
      else if (error instanceof ApplyError && Object.keys(error.fields).length > 0) {
        setServerErrors(error.fields);
        setMessage(t.problems(Object.keys(error.fields).length));
        summary.current?.focus();
      } else setMessage(error instanceof ApplyError ? error.message : t.error);
    }
  };

  // Back online after a dropped connection: send again by itself.
  useEffect(() => {
    if (!offline) return;
    const again = () => void send();
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  });

  const submit = (event: Event) => {
    event.preventDefault();
    setSubmitted(true);
    const problems = form.fields.filter((f) => fieldProblem(f, values[f.key], files[f.key] ?? null, data.limits, t));
    if (problems.length > 0 || caseTooLarge) {
      setMessage(caseTooLarge ? t.problem.case_too_large(formatSize(data.limits.case_bytes_left)) : t.problems(problems.length));
      // The summary first, then the first field to correct.
      window.setTimeout(() => document.getElementById(problems[0]?.key ?? '')?.focus(), 0);
      return;
    }
    void send();
  };
  // Until the answer comes (JSON answers show no progress): one answer, however often Continue is pressed.
  const busy = sending;

  return (
    <form class="apply-form" onSubmit={submit} noValidate>
      <p class="apply-step">{t.step(form.number)}</p>
      {form.instructions && <p class="apply-instructions">{form.instructions}</p>}
      {form.fields.map((field) => {
        const common = { id: field.key, label: field.label, required: field.required, texts: t, error: errors[field.key] };
        switch (field.type) {
          case 'select':
            return (
              <SelectInput
                key={field.key}
                {...common}
                value={String(values[field.key] ?? '')}
                options={field.options}
                onInput={(v) => (set(field.key, v), touch(field.key))}
              />
            );
          case 'checkbox':
            return <CheckboxInput key={field.key} {...common} checked={values[field.key] === true} onInput={(v) => (set(field.key, v), touch(field.key))} />;
          case 'file':
            return (
              <FileInput
                key={field.key}
                {...common}
                file={files[field.key] ?? null}
                onInput={(file) => {
                  setFiles((f) => ({ ...f, [field.key]: file }));
                  touch(field.key);
                }}
              />
            );
          default:
            return (
              <TextInput
                key={field.key}
                {...common}
                type={field.type}
                value={String(values[field.key] ?? '')}
                autoComplete={field.type === 'email' ? 'email' : undefined}
                onInput={(v) => set(field.key, v)}
                onBlur={() => touch(field.key)}
              />
            );
        }
      })}
      <div ref={summary} tabIndex={-1} aria-live="assertive">
        {message && <p class="apply-alert">{message}</p>}
        {offline && (
          <div class="apply-alert">
            <p>{t.offline}</p>
            <button class="apply-button apply-button-secondary" type="button" onClick={() => void send()}>
              {t.retry}
            </button>
          </div>
        )}
      </div>
      {progress !== null && (
        <div class="apply-upload">
          <progress max={1} value={progress} aria-label={t.uploading(Math.round(progress * 100))} />
          <span aria-live="polite">{t.uploading(Math.round(progress * 100))}</span>
        </div>
      )}
      <button class="apply-button" type="submit" disabled={busy}>
        {busy ? t.sending : t.next}
      </button>
      <p class="apply-hint">{t.saved}</p>
    </form>
  );
}
