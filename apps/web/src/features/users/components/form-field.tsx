import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';

interface TextFieldProps {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: ReactNode;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  autoFocus?: boolean;
  maxLength?: number;
  disabled?: boolean;
}

/**
 * For a dialog's onEntered: focuses its first field once the dialog has fully opened. `autoFocus` alone loses to a
 * row menu that hands focus back to its toggle as it closes (the dialog then keeps focus on itself). Someone already
 * in one of the dialog's fields — who typed and tabbed on while it was still opening — keeps their place: taking them
 * back to the first field sent the rest of a password into it.
 */
export function focusFirstField(dialog: HTMLElement): void {
  const field = dialog.querySelector<HTMLElement>('[data-autofocus="true"]');
  const active = document.activeElement;
  const working = active !== null && active !== dialog && dialog.contains(active);
  if (field && !working) field.focus();
}

/** A labelled input whose error (client or server) is shown under it and announced with it. */
export function TextField({ id, label, value, onChange, error, hint, type = 'text', autoComplete, autoFocus, maxLength, disabled }: TextFieldProps) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type={type}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        isInvalid={!!error}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        data-autofocus={autoFocus ? 'true' : undefined}
        maxLength={maxLength}
        disabled={disabled}
      />
      <Form.Control.Feedback type="invalid" id={`${id}-error`}>
        {error}
      </Form.Control.Feedback>
      {hint && !error && (
        <Form.Text id={`${id}-hint`} className="d-block">
          {hint}
        </Form.Text>
      )}
    </Form.Group>
  );
}

interface SelectFieldProps {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  error?: string | undefined;
  hint?: ReactNode;
  disabled?: boolean;
}

export function SelectField({ id, label, value, onChange, options, error, hint, disabled }: SelectFieldProps) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Select
        value={value}
        onChange={(e) => onChange(e.target.value)}
        isInvalid={!!error}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        disabled={disabled}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Form.Select>
      <Form.Control.Feedback type="invalid" id={`${id}-error`}>
        {error}
      </Form.Control.Feedback>
      {hint && !error && (
        <Form.Text id={`${id}-hint`} className="d-block">
          {hint}
        </Form.Text>
      )}
    </Form.Group>
  );
}
