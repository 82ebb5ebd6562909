import type { ChangeEvent, ReactNode } from 'react';

interface FormFieldProps {
  id: string;
  label: string;
  name: string;
  value: string;
  error?: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  autoFocus?: boolean;
  hint?: ReactNode;
  inputMode?: 'text' | 'numeric';
  maxLength?: number;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

/** A labelled input with its error under it, tied together for screen readers. */
export function FormField({ id, label, name, value, error, type = 'text', autoComplete, autoFocus, hint, inputMode, maxLength, onChange }: FormFieldProps) {
  const describedBy = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        className={`form-control${error ? ' is-invalid' : ''}`}
        value={value}
        onChange={onChange}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        inputMode={inputMode}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {error && (
        <div id={`${id}-error`} className="invalid-feedback">
          {error}
        </div>
      )}
      {hint && !error && (
        <div id={`${id}-hint`} className="form-text">
          {hint}
        </div>
      )}
    </div>
  );
}
