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
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        key={recovery ? 'recovery' : 'totp'}
        id={id}
        name="code"
        className={`form-control${error ? ' is-invalid' : ''}`}
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        autoFocus
        maxLength={recovery ? 13 : 7}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <div id={`${id}-error`} className="invalid-feedback">
          {error}
        </div>
      )}
    </div>
  );
}
