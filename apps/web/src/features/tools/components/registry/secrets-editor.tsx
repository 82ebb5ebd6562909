import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { SECRET_MASK, secretNameSchema } from '@admin-portal/contract/tools/api';
import { maxLengthOf } from '@admin-portal/contract/input-rules';
import { CONTROL_ICONS } from '../../../../shared/ui/icon-sets/controls.ts';
import { addIcons, Icon } from '../../../../shared/ui/icons.tsx';
import { keepsStoredValue, missingSecrets, newSecretRow, type SecretRow } from '../../lib/registry/configuration-secrets.ts';

addIcons(CONTROL_ICONS);

interface Props {
  idPrefix: string;
  rows: SecretRow[];
  /** Keyed by row key (the value) and `name:<key>` (the name). */
  errors: Readonly<Record<string, string>>;
  /** Secret names the tool's settings read, offered as one-click rows. */
  referenced: readonly string[];
  readOnly: boolean;
  onChange: (rows: SecretRow[], clearedKey?: string) => void;
}

/**
 * An environment's secrets: a name and a password field per secret. A stored secret shows the mask the server
 * answers (its value never comes back) and keeps its value unless something is typed over it; its name is fixed.
 */
export function SecretsEditor({ idPrefix, rows, errors, referenced, readOnly, onChange }: Props) {
  const missing = missingSecrets(referenced, rows);
  const update = (key: string, patch: Partial<SecretRow>) =>
    onChange(
      rows.map((r) => (r.key === key ? { ...r, ...patch } : r)),
      key,
    );

  return (
    <fieldset className="mb-3">
      <legend className="h6 mb-1">Secrets</legend>
      <p className="small text-body-secondary mb-2">
        Encrypted when saved and never shown again; templates read them as <code>{'{{secrets.NAME}}'}</code>.
      </p>
      {rows.length === 0 && <p className="small text-body-secondary fst-italic mb-2">No secrets in this environment.</p>}
      {rows.map((row, i) => {
        const nameError = errors[`name:${row.key}`];
        const valueError = errors[row.key];
        const label = row.name.trim() || `secret ${i + 1}`;
        const nameId = `${idPrefix}-secret-${row.key}-name`;
        const valueId = `${idPrefix}-secret-${row.key}-value`;
        const kept = keepsStoredValue(row);
        return (
          <div key={row.key} className="d-flex flex-wrap flex-md-nowrap gap-2 align-items-start mb-2 secret-row">
            <div className="secret-name">
              <Form.Control
                id={nameId}
                aria-label={`Secret ${i + 1} name`}
                className="font-monospace"
                value={row.name}
                placeholder="API_KEY"
                readOnly={readOnly || row.stored}
                maxLength={maxLengthOf(secretNameSchema)}
                spellCheck={false}
                autoComplete="off"
                isInvalid={!!nameError}
                aria-invalid={nameError ? true : undefined}
                aria-describedby={nameError ? `${nameId}-error` : undefined}
                onChange={(e) => update(row.key, { name: e.target.value })}
              />
              <Form.Control.Feedback type="invalid" id={`${nameId}-error`}>
                {nameError}
              </Form.Control.Feedback>
            </div>
            <div className="flex-grow-1">
              <Form.Control
                id={valueId}
                type="password"
                aria-label={`Value of ${label}`}
                value={row.value}
                placeholder={row.stored ? 'Type a new value to replace it' : 'Value'}
                readOnly={readOnly}
                autoComplete="new-password"
                isInvalid={!!valueError}
                aria-invalid={valueError ? true : undefined}
                aria-describedby={`${valueError ? `${valueId}-error ` : ''}${valueId}-state`}
                onFocus={(e) => {
                  if (row.value === SECRET_MASK) e.currentTarget.select();
                }}
                onChange={(e) => update(row.key, { value: e.target.value })}
              />
              <Form.Control.Feedback type="invalid" id={`${valueId}-error`}>
                {valueError}
              </Form.Control.Feedback>
              <Form.Text id={`${valueId}-state`} className="d-block">
                {kept
                  ? 'Stored: the value is hidden and kept unless you type a new one.'
                  : row.stored
                    ? 'Replaces the stored value when saved.'
                    : 'New: saved encrypted.'}
              </Form.Text>
            </div>
            {row.stored && kept && <span className="badge rounded-pill border bg-success-subtle text-success-emphasis border-success-subtle mt-2">Stored</span>}
            {!readOnly && (
              <Button
                variant="outline-danger"
                size="sm"
                className="mt-1"
                aria-label={`Remove secret ${label}`}
                onClick={() => onChange(rows.filter((r) => r.key !== row.key))}
              >
                <Icon name="trash" />
              </Button>
            )}
          </div>
        );
      })}
      {!readOnly && (
        <div className="d-flex flex-wrap gap-2">
          {missing.map((name) => (
            <Button key={name} variant="outline-primary" size="sm" onClick={() => onChange([...rows, newSecretRow(name)])}>
              + Add {name}
            </Button>
          ))}
          <Button variant="outline-secondary" size="sm" onClick={() => onChange([...rows, newSecretRow()])}>
            + Add secret
          </Button>
        </div>
      )}
    </fieldset>
  );
}
