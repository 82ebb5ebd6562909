import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { CONTROL_ICONS } from './icon-sets/controls.ts';
import { addIcons, Icon } from './icons.tsx';

addIcons(CONTROL_ICONS);

/*
 * A form generated from a step type's JSON Schema (as the server serves it in step-templates): strings,
 * enums, numbers, booleans, lists of strings, lists of objects and string maps, which is every shape the
 * step types use. Errors come keyed by path (`fields.0.key`) and show under their field.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  default?: unknown;
  description?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: JsonSchema | boolean;
}

export type Errors = Readonly<Record<string, string>>;
type Path = (string | number)[];

interface FieldProps {
  schema: JsonSchema;
  value: unknown;
  path: Path;
  label: string;
  required: boolean;
  errors: Errors;
  idPrefix: string;
  readOnly: boolean;
  onChange: (path: Path, value: unknown) => void;
}

const ACRONYMS: Record<string, string> = { sla: 'SLA', ai: 'AI', url: 'URL', id: 'ID', api: 'API' };

/** A label from a property name or enum value: `sla_hours` → "SLA hours", `compliance_officer` → "Compliance officer". */
export function humanize(key: string): string {
  const words = key
    .split('_')
    .map((w) => ACRONYMS[w] ?? w)
    .join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** "Branches" → "Branch", "Fields" → "Field": the name of one item of a list. */
export function singularOf(plural: string): string {
  return /(ch|sh|x|ss)es$/.test(plural) ? plural.slice(0, -2) : plural.replace(/s$/, '');
}

const pathKey = (path: Path) => path.join('.');
const idFor = (prefix: string, path: Path) => `${prefix}-${path.join('-') || 'root'}`;

/** A fresh value for a new list item or an emptied field: the schema's default, else an empty value of its type. */
export function emptyValue(schema: JsonSchema): unknown {
  if (schema.default !== undefined) return structuredClone(schema.default);
  if (schema.enum) return schema.enum[0];
  switch (schema.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(schema.properties ?? {})) {
        const v = emptyValue(child);
        if (v !== undefined) out[key] = v;
      }
      return out;
    }
    case 'array':
      return [];
    case 'boolean':
      return false;
    case 'string':
      return '';
    default:
      return undefined;
  }
}

/** Sets `value` at `path` inside `root`, copying only along the path. */
export function setIn(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (Array.isArray(root)) {
    const copy = [...root];
    copy[head as number] = setIn(copy[head as number], rest, value);
    return copy;
  }
  const obj = (root && typeof root === 'object' ? root : {}) as Record<string, unknown>;
  const next = { ...obj };
  const child = setIn(obj[head as string], rest, value);
  if (child === undefined) delete next[head as string];
  else next[head as string] = child;
  return next;
}

function FieldError({ errors, path }: { errors: Errors; path: Path }) {
  const message = errors[pathKey(path)];
  if (!message) return null;
  return <div className="invalid-feedback d-block">{message}</div>;
}

function Help({ schema }: { schema: JsonSchema }) {
  return schema.description ? <Form.Text className="d-block">{schema.description}</Form.Text> : null;
}

function StringField({ schema, value, path, label, required, errors, idPrefix, readOnly, onChange }: FieldProps) {
  const id = idFor(idPrefix, path);
  const invalid = Boolean(errors[pathKey(path)]);
  const text = typeof value === 'string' ? value : '';
  if (schema.enum) {
    return (
      <Form.Group className="mb-3" controlId={id}>
        <Form.Label>{label}</Form.Label>
        <Form.Select value={String(value ?? '')} disabled={readOnly} isInvalid={invalid} onChange={(e) => onChange(path, e.target.value)}>
          {schema.enum.map((option) => (
            <option key={String(option)} value={String(option)}>
              {humanize(String(option))}
            </option>
          ))}
        </Form.Select>
        <Help schema={schema} />
        <FieldError errors={errors} path={path} />
      </Form.Group>
    );
  }
  const long = (schema.maxLength ?? 0) > 300;
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>
        {label}
        {required && (
          <span className="text-danger" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </Form.Label>
      <Form.Control
        as={long ? 'textarea' : 'input'}
        {...(long ? { rows: 3 } : {})}
        value={text}
        readOnly={readOnly}
        required={required}
        maxLength={schema.maxLength}
        isInvalid={invalid}
        onChange={(e) => onChange(path, e.target.value)}
      />
      <Help schema={schema} />
      <FieldError errors={errors} path={path} />
    </Form.Group>
  );
}

function NumberField({ schema, value, path, label, required, errors, idPrefix, readOnly, onChange }: FieldProps) {
  return (
    <Form.Group className="mb-3" controlId={idFor(idPrefix, path)}>
      <Form.Label>
        {label}
        {required && (
          <span className="text-danger" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </Form.Label>
      <Form.Control
        type="number"
        value={typeof value === 'number' ? value : ''}
        min={schema.minimum}
        max={schema.maximum}
        step={schema.type === 'integer' ? 1 : 'any'}
        readOnly={readOnly}
        required={required}
        isInvalid={Boolean(errors[pathKey(path)])}
        onChange={(e) => onChange(path, e.target.value === '' ? undefined : Number(e.target.value))}
      />
      <Help schema={schema} />
      <FieldError errors={errors} path={path} />
    </Form.Group>
  );
}

function BooleanField({ schema, value, path, label, errors, idPrefix, readOnly, onChange }: FieldProps) {
  return (
    <Form.Group className="mb-3" controlId={idFor(idPrefix, path)}>
      <Form.Check type="switch" label={label} checked={value === true} disabled={readOnly} onChange={(e) => onChange(path, e.target.checked)} />
      <Help schema={schema} />
      <FieldError errors={errors} path={path} />
    </Form.Group>
  );
}

function ArrayField(props: FieldProps) {
  const { schema, value, path, label, errors, readOnly, onChange } = props;
  const items = Array.isArray(value) ? value : [];
  const itemSchema = schema.items ?? { type: 'string' };
  const objectItems = itemSchema.type === 'object';
  const canAdd = !readOnly && (schema.maxItems === undefined || items.length < schema.maxItems);
  const canRemove = !readOnly && items.length > (schema.minItems ?? 0);
  const singular = singularOf(label).toLowerCase();
  return (
    <fieldset className="mb-3 schema-array">
      <legend className="form-label fs-6 mb-1">{label}</legend>
      <Help schema={schema} />
      <FieldError errors={errors} path={path} />
      {items.map((item, i) => (
        <div key={i} className={objectItems ? 'schema-array-item card card-body p-2 mb-2' : 'schema-array-item d-flex gap-2 align-items-start mb-2'}>
          {objectItems ? (
            <>
              <div className="d-flex align-items-center mb-1">
                <span className="small fw-semibold text-body-secondary">
                  {humanize(singular)} {i + 1}
                </span>
                {canRemove && (
                  <Button
                    size="sm"
                    variant="link"
                    className="ms-auto text-danger p-0"
                    aria-label={`Remove ${singular} ${i + 1}`}
                    onClick={() =>
                      onChange(
                        path,
                        items.filter((_, j) => j !== i),
                      )
                    }
                  >
                    <Icon name="trash" />
                  </Button>
                )}
              </div>
              <ObjectFields {...props} schema={itemSchema} value={item} path={[...path, i]} />
            </>
          ) : (
            <>
              <div className="flex-grow-1">
                <SchemaField {...props} schema={itemSchema} value={item} path={[...path, i]} label={`${humanize(singular)} ${i + 1}`} required />
              </div>
              {canRemove && (
                <Button
                  size="sm"
                  variant="outline-danger"
                  className="mt-4"
                  aria-label={`Remove ${singular} ${i + 1}`}
                  onClick={() =>
                    onChange(
                      path,
                      items.filter((_, j) => j !== i),
                    )
                  }
                >
                  <Icon name="trash" />
                </Button>
              )}
            </>
          )}
        </div>
      ))}
      {canAdd && (
        <Button size="sm" variant="outline-secondary" onClick={() => onChange(path, [...items, emptyValue(itemSchema)])}>
          + Add {singular}
        </Button>
      )}
    </fieldset>
  );
}

/** A string → string map (a tool's input mapping): one row per key. */
function MapField(props: FieldProps) {
  const { schema, value, path, label, errors, idPrefix, readOnly, onChange } = props;
  const entries = Object.entries(value && typeof value === 'object' ? (value as Record<string, unknown>) : {});
  const rename = (from: string, to: string) => onChange(path, Object.fromEntries(entries.map(([k, v]) => [k === from ? to : k, v])));
  const newKeyName = () => {
    let i = entries.length + 1;
    while (entries.some(([k]) => k === `input_${i}`)) i += 1;
    return `input_${i}`;
  };
  return (
    <fieldset className="mb-3 schema-map">
      <legend className="form-label fs-6 mb-1">{label}</legend>
      <Help schema={schema} />
      <FieldError errors={errors} path={path} />
      {entries.map(([key, v], i) => (
        <div key={i} className="d-flex gap-2 mb-2 align-items-start">
          <Form.Control
            aria-label={`${label}: name ${i + 1}`}
            id={`${idFor(idPrefix, path)}-k${i}`}
            value={key}
            readOnly={readOnly}
            onChange={(e) => rename(key, e.target.value)}
          />
          <div className="flex-grow-1">
            <Form.Control
              aria-label={`${label}: value of ${key}`}
              id={`${idFor(idPrefix, path)}-v${i}`}
              value={typeof v === 'string' ? v : ''}
              readOnly={readOnly}
              isInvalid={Boolean(errors[pathKey([...path, key])])}
              onChange={(e) => onChange([...path, key], e.target.value)}
            />
            <FieldError errors={errors} path={[...path, key]} />
          </div>
          {!readOnly && (
            <Button
              size="sm"
              variant="outline-danger"
              aria-label={`Remove ${key}`}
              onClick={() => onChange(path, Object.fromEntries(entries.filter(([k]) => k !== key)))}
            >
              <Icon name="trash" />
            </Button>
          )}
        </div>
      ))}
      {!readOnly && (
        <Button size="sm" variant="outline-secondary" onClick={() => onChange(path, { ...Object.fromEntries(entries), [newKeyName()]: '' })}>
          + Add entry
        </Button>
      )}
    </fieldset>
  );
}

function ObjectFields(props: FieldProps) {
  const { schema, value, path } = props;
  const obj = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const required = new Set(schema.required ?? []);
  return (
    <>
      {Object.entries(schema.properties ?? {}).map(([key, child]) => (
        <SchemaField key={key} {...props} schema={child} value={obj[key]} path={[...path, key]} label={humanize(key)} required={required.has(key)} />
      ))}
    </>
  );
}

function SchemaField(props: FieldProps): ReactNode {
  const { schema } = props;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (schema.enum) return <StringField {...props} />;
  switch (type) {
    case 'string':
      return <StringField {...props} />;
    case 'integer':
    case 'number':
      return <NumberField {...props} />;
    case 'boolean':
      return <BooleanField {...props} />;
    case 'array':
      return <ArrayField {...props} />;
    case 'object':
      return schema.properties ? <ObjectFields {...props} /> : <MapField {...props} />;
    default:
      return null;
  }
}

interface SchemaFormProps {
  schema: JsonSchema;
  value: Record<string, unknown>;
  errors: Errors;
  /** Makes control ids unique per step. */
  idPrefix: string;
  readOnly?: boolean;
  /** The whole new value, and the path that changed (undo merges quick edits of one field). */
  onChange: (value: Record<string, unknown>, changedPath: string) => void;
}

export function SchemaForm({ schema, value, errors, idPrefix, readOnly = false, onChange }: SchemaFormProps) {
  return (
    <ObjectFields
      schema={schema}
      value={value}
      path={[]}
      label=""
      required={false}
      errors={errors}
      idPrefix={idPrefix}
      readOnly={readOnly}
      onChange={(path, v) => onChange(setIn(value, path, v) as Record<string, unknown>, pathKey(path))}
    />
  );
}
