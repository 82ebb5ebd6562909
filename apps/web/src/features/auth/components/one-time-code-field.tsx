import { FormField } from '../../../shared/forms/form-field.tsx';

interface Props {
  /** The input's id; its error's is `${id}-error`. */
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  /** A recovery code (letters, longer) rather than the app's six digits. */
  recovery?: boolean;
}

/** The code field of the sign-in page's second-factor steps (issue 37): plain markup, as the rest of the first download. */
export function OneTimeCodeField({ id, label, value, onChange, error, recovery = false }: Props) {
  return (
    // Keyed by kind: switching to a recovery code starts a fresh field (its focus, its keyboard).
    <FormField
      key={recovery ? 'recovery' : 'totp'}
      id={id}
      name="code"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error ?? undefined}
      autoComplete="one-time-code"
      inputMode={recovery ? 'text' : 'numeric'}
      autoFocus
      maxLength={recovery ? 13 : 7}
    />
  );
}
