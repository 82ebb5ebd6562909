import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { emptyValue, humanize, SchemaForm, type JsonSchema } from '../../../../shared/ui/schema-form.tsx';
import { CONTROL_ICONS } from '../../../../shared/ui/icon-sets/controls.ts';
import { addIcons, Icon } from '../../../../shared/ui/icons.tsx';

addIcons(CONTROL_ICONS);

interface Props {
  idPrefix: string;
  /** The type's config schema. */
  schema: JsonSchema | undefined;
  /** The tool's own settings: where a new override starts. */
  base: Readonly<Record<string, unknown>>;
  overrides: Record<string, unknown>;
  /** Relative to the config (`url`, `headers.X-Key`). */
  errors: Readonly<Record<string, string>>;
  readOnly: boolean;
  onChange: (overrides: Record<string, unknown>, changedKey: string) => void;
}

/**
 * The settings an environment overrides (a sandbox URL in development, a longer timeout in production): each one
 * edited with the type's own form for that field, starting from the tool's value; the rest stay the tool's.
 */
export function OverridesEditor({ idPrefix, schema, base, overrides, errors, readOnly, onChange }: Props) {
  const properties = schema?.properties ?? {};
  const available = Object.keys(properties).filter((k) => !Object.hasOwn(overrides, k));
  const [adding, setAdding] = useState('');
  const pick = adding && available.includes(adding) ? adding : (available[0] ?? '');

  const add = () => {
    if (!pick) return;
    const start = Object.hasOwn(base, pick) ? structuredClone(base[pick]) : emptyValue(properties[pick]!);
    onChange({ ...overrides, [pick]: start }, pick);
    setAdding('');
  };
  const remove = (key: string) => {
    const next = { ...overrides };
    delete next[key];
    onChange(next, key);
  };

  return (
    <fieldset className="mb-3">
      <legend className="h6 mb-1">Overridden settings</legend>
      <p className="small text-body-secondary mb-2">Everything not listed here is the tool’s own setting.</p>
      {Object.keys(overrides).length === 0 && <p className="small text-body-secondary fst-italic mb-2">None: this environment uses the tool’s settings.</p>}
      {Object.entries(overrides).map(([key, value]) => {
        const property = properties[key];
        return (
          <div key={key} className="override-row border rounded p-2 pb-0 mb-2">
            <div className="d-flex justify-content-end">
              {!readOnly && (
                <Button variant="link" size="sm" className="text-danger p-0" aria-label={`Stop overriding ${humanize(key)}`} onClick={() => remove(key)}>
                  <Icon name="trash" className="me-1" />
                  Use the tool’s value
                </Button>
              )}
            </div>
            {property ? (
              <SchemaForm
                schema={{ type: 'object', properties: { [key]: property } }}
                value={{ [key]: value }}
                errors={errors}
                idPrefix={`${idPrefix}-override`}
                readOnly={readOnly}
                onChange={(v) => onChange({ ...overrides, [key]: v[key] }, key)}
              />
            ) : (
              <p className="small mb-2">
                <code>{key}</code>: <code>{JSON.stringify(value)}</code> (not a setting of this type)
              </p>
            )}
          </div>
        );
      })}
      {!readOnly && available.length > 0 && (
        <div className="d-flex flex-wrap gap-2 align-items-center">
          <Form.Select size="sm" className="w-auto" aria-label="Setting to override" value={pick} onChange={(e) => setAdding(e.target.value)}>
            {available.map((k) => (
              <option key={k} value={k}>
                {humanize(k)}
              </option>
            ))}
          </Form.Select>
          <Button variant="outline-secondary" size="sm" onClick={add}>
            + Override setting
          </Button>
        </div>
      )}
    </fieldset>
  );
}
