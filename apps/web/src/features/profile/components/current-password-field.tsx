import Form from 'react-bootstrap/Form';

interface Props {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null | undefined;
  autoFocus?: boolean;
}

/** "Current password", asked again before a change to how the person signs in; the error is its description. */
export function CurrentPasswordField({ id, value, onChange, error, autoFocus }: Props) {
  return (
    <Form.Group controlId={id} className="mb-3">
      <Form.Label>Current password</Form.Label>
      <Form.Control
        type="password"
        autoComplete="current-password"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoFocus={autoFocus}
        isInvalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <Form.Control.Feedback id={`${id}-error`} type="invalid">
        {error}
      </Form.Control.Feedback>
    </Form.Group>
  );
}
