import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { checkOptionalSchemaText, checkSchemaText, describeFields } from '../../lib/registry/schema-text.ts';

interface Props {
  id: string;
  label: string;
  kind: 'input' | 'output';
  /** The output schema may be left empty. */
  optional?: boolean;
  value: string;
  /** The server's error about this schema (shown until the text changes). */
  serverError?: string | undefined;
  /** Shows the check's error even before the person typed (after a submit). */
  showErrors: boolean;
  readOnly?: boolean;
  help?: string;
  onChange: (text: string) => void;
}

/**
 * A JSON Schema as text, checked as it is typed: a parse error or a misspelt type shows under the field (the
 * server's deeper check lands there too), a valid schema shows the fields it describes. "Format" pretty-prints.
 */
export function SchemaEditor({ id, label, kind, optional = false, value, serverError, showErrors, readOnly = false, help, onChange }: Props) {
  const check = optional ? checkOptionalSchemaText(value, kind) : checkSchemaText(value, kind);
  const localError = check.ok ? undefined : check.path ? `${check.path}: ${check.message}` : check.message;
  const error = serverError ?? (showErrors || value.trim() !== '' ? localError : undefined);
  const feedbackId = `${id}-feedback`;
  const helpId = `${id}-help`;

  const format = () => {
    if (check.ok && check.schema) onChange(JSON.stringify(check.schema, null, 2));
  };

  return (
    <Form.Group controlId={id} className="mb-3">
      <div className="d-flex align-items-end justify-content-between gap-2 mb-1">
        <Form.Label className="mb-0">
          {label}
          {optional && <span className="text-body-secondary fw-normal"> (optional)</span>}
        </Form.Label>
        {!readOnly && (
          <Button variant="link" size="sm" className="p-0 text-decoration-none" onClick={format} disabled={!check.ok || !check.schema}>
            Format<span className="visually-hidden"> {label.toLowerCase()}</span>
          </Button>
        )}
      </div>
      <Form.Control
        as="textarea"
        rows={kind === 'input' ? 10 : 6}
        className="font-monospace schema-editor"
        spellCheck={false}
        autoComplete="off"
        autoCapitalize="off"
        value={value}
        readOnly={readOnly}
        isInvalid={!!error}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${error ? feedbackId : ''} ${helpId}`.trim()}
        placeholder={optional ? 'Leave empty for none' : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      <Form.Control.Feedback type="invalid" id={feedbackId}>
        {error}
      </Form.Control.Feedback>
      <Form.Text id={helpId} className="d-block">
        {check.ok && check.schema ? (
          <>
            <span className="text-success-emphasis">Valid JSON Schema.</span> {describeFields(check.fields)}
            {check.warnings.map((w) => (
              <span key={w} className="d-block text-warning-emphasis">
                {w}
              </span>
            ))}
          </>
        ) : (
          help
        )}
      </Form.Text>
    </Form.Group>
  );
}
