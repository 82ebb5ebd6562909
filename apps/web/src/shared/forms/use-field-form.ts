import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import type { FieldErrors } from './form-validation.ts';

/**
 * Values, field errors and the form-level alert of one form. Editing a field clears that field's error (spec §5);
 * after a refused submit the first invalid field gets the focus.
 */
export function useFieldForm<F extends string>(initial: Record<F, string>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [refusals, setRefusals] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('.is-invalid')?.focus();
  }, [refusals]);

  const change = (field: F) => (event: ChangeEvent<HTMLInputElement>) => {
    const { value } = event.target;
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => {
      if (e[field] === undefined) return e;
      const next = { ...e };
      delete next[field];
      return next;
    });
  };

  /** Shows field errors (from the form's own checks or the server) and moves the focus to the first. */
  const refuse = (next: FieldErrors<F>) => {
    setErrors(next);
    setRefusals((n) => n + 1);
  };

  const reset = () => {
    setValues(initial);
    setErrors({});
    setAlert(null);
  };

  return { values, errors, alert, setAlert, submitting, setSubmitting, change, refuse, reset, formRef };
}
