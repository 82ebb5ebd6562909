import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import {
  EDITABLE_VALUE_TYPES,
  ENVIRONMENTS,
  KNOWN_CONFIG_KEYS,
  configKeySchema,
  knownConfigKey,
  parseConfigValue,
  type ConfigEntry,
  type Environment,
} from '@admin-portal/contract/system/config';
import { ApiError } from '../../../shared/api/api-result.ts';
import { fieldErrorMap, withoutError } from '../../../shared/forms/field-errors.ts';
import { notify } from '../../../shared/notifications/notifications-store.ts';
import { TOAST_TITLES } from '../../../shared/notifications/toast-titles.ts';
import { useSaveConfig } from '../api/system-config-api.ts';
import { editorText, ENVIRONMENT_LABELS, TYPE_LABELS } from '../lib/config-value.ts';

type EditableType = (typeof EDITABLE_VALUE_TYPES)[number];

interface Props {
  show: boolean;
  /** null: a new entry. */
  entry: ConfigEntry | null;
  /** Organizations a new entry may go into: '' is all organizations (super admins only). */
  scopes: { value: string; label: string }[];
  onClose: () => void;
}

/** Create or edit a typed entry: the value editor follows the type (JSON checked as you type; a secret is never shown). */
export function ConfigEntryDialog({ show, entry, scopes, onClose }: Props) {
  const save = useSaveConfig();
  const editing = entry !== null;
  const [key, setKey] = useState(entry?.key ?? '');
  const [description, setDescription] = useState(entry?.description ?? '');
  const [scope, setScope] = useState(entry ? (entry.organization_id ?? '') : (scopes[0]?.value ?? ''));
  const [environment, setEnvironment] = useState<Environment | ''>(entry?.environment ?? '');
  const [type, setType] = useState<EditableType>(entry && entry.value_type !== 'file' ? entry.value_type : 'string');
  const [text, setText] = useState(editorText(entry));
  const [flag, setFlag] = useState(entry?.value_type === 'boolean' ? entry.value === true : true);
  const [enabled, setEnabled] = useState(entry?.is_enabled ?? true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const known = knownConfigKey(key.trim());
  const keepSecret = editing && entry.value_type === 'secret' && type === 'secret' && text === '';
  const raw = type === 'boolean' ? flag : text;
  const checked = keepSecret ? null : parseConfigValue(type, raw);
  const jsonProblem = type === 'json' && text.trim() !== '' && checked && !checked.ok ? checked.message : null;

  const chooseKey = (value: string) => {
    setKey(value);
    setErrors((e) => withoutError(e, 'key'));
    const k = knownConfigKey(value.trim());
    if (k && k.type !== 'file') setType(k.type as EditableType);
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (!editing) {
      const parsedKey = configKeySchema.safeParse(key);
      if (!parsedKey.success) problems.key = parsedKey.error.issues[0]!.message;
      if (known?.type === 'file') problems.key = 'This key holds a file: use Upload file.';
    }
    if (checked && !checked.ok) problems.value = checked.message;
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setFailure(null);
    const value = keepSecret ? undefined : checked?.ok ? checked.value : undefined;
    try {
      const saved = await save.mutateAsync(
        editing
          ? {
              id: entry.id,
              input: {
                description: description.trim(),
                value_type: type,
                ...(value !== undefined ? { value } : {}),
                is_enabled: enabled,
                environment: environment || null,
              },
            }
          : {
              id: null,
              input: {
                key: key.trim(),
                description: description.trim(),
                organization_id: scope || null,
                environment: environment || null,
                value_type: type,
                value,
                is_enabled: enabled,
              },
            },
      );
      notify({ type: 'success', title: editing ? TOAST_TITLES.configEntryUpdated : TOAST_TITLES.configEntryCreated, message: `${saved.key} has been saved.` });
      onClose();
    } catch (err) {
      const fields = err instanceof ApiError ? fieldErrorMap(err.validationErrors) : {};
      setErrors(fields);
      if (!['key', 'value', 'value_type', 'environment', 'organization_id', 'description'].some((f) => f in fields))
        setFailure(err instanceof Error ? err.message : String(err));
    }
  }

  const titleId = 'config-entry-title';
  return (
    <Modal show={show} onHide={onClose} aria-labelledby={titleId} centered size="lg">
      <Form noValidate onSubmit={onSubmit}>
        <Modal.Header closeButton>
          <Modal.Title id={titleId} as="h2" className="h5">
            {editing ? `Edit ${entry.key}` : 'New configuration entry'}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {failure && (
            <Alert variant="danger" dismissible onClose={() => setFailure(null)}>
              {failure}
            </Alert>
          )}
          <Form.Group className="mb-3" controlId="config-key">
            <Form.Label>Key</Form.Label>
            <Form.Control
              value={key}
              list="known-config-keys"
              disabled={editing}
              maxLength={128}
              onChange={(e) => chooseKey(e.target.value)}
              isInvalid={!!errors.key}
              placeholder="e.g. features.ai_assistant"
              aria-describedby="config-key-help"
            />
            <datalist id="known-config-keys">
              {KNOWN_CONFIG_KEYS.filter((k) => k.type !== 'file').map((k) => (
                <option key={k.key} value={k.key}>
                  {k.title}
                </option>
              ))}
            </datalist>
            <Form.Control.Feedback type="invalid">{errors.key}</Form.Control.Feedback>
            <Form.Text id="config-key-help">{known ? `${known.title}: ${known.effect}` : 'Lowercase letters, digits, dots, dashes and underscores.'}</Form.Text>
          </Form.Group>
          <div className="row g-3 mb-3">
            <Form.Group className="col-md-6" controlId="config-scope">
              <Form.Label>Applies to</Form.Label>
              <Form.Select value={scope} disabled={editing} onChange={(e) => setScope(e.target.value)} isInvalid={!!errors.organization_id}>
                {editing && <option value={entry.organization_id ?? ''}>{entry.organization_name ?? 'All organizations'}</option>}
                {!editing &&
                  scopes.map((s) => (
                    <option key={s.value} value={s.value}>
                      {s.label}
                    </option>
                  ))}
              </Form.Select>
              <Form.Control.Feedback type="invalid">{errors.organization_id}</Form.Control.Feedback>
            </Form.Group>
            <Form.Group className="col-md-6" controlId="config-environment">
              <Form.Label>Environment</Form.Label>
              <Form.Select value={environment} onChange={(e) => setEnvironment(e.target.value as Environment | '')} isInvalid={!!errors.environment}>
                <option value="">{ENVIRONMENT_LABELS.all}</option>
                {ENVIRONMENTS.map((env) => (
                  <option key={env} value={env}>
                    {ENVIRONMENT_LABELS[env]}
                  </option>
                ))}
              </Form.Select>
              <Form.Control.Feedback type="invalid">{errors.environment}</Form.Control.Feedback>
            </Form.Group>
          </div>
          <Form.Group className="mb-3" controlId="config-type">
            <Form.Label>Type</Form.Label>
            <Form.Select value={type} disabled={!!known} onChange={(e) => setType(e.target.value as EditableType)} isInvalid={!!errors.value_type}>
              {EDITABLE_VALUE_TYPES.map((t) => (
                <option key={t} value={t}>
                  {TYPE_LABELS[t]}
                </option>
              ))}
            </Form.Select>
            <Form.Control.Feedback type="invalid">{errors.value_type}</Form.Control.Feedback>
          </Form.Group>
          <ValueEditor
            type={type}
            text={text}
            flag={flag}
            editingSecret={editing && entry.value_type === 'secret'}
            error={errors.value ?? jsonProblem}
            onText={(t) => {
              setText(t);
              setErrors((e) => withoutError(e, 'value'));
            }}
            onFlag={setFlag}
          />
          <Form.Group className="mb-3" controlId="config-description">
            <Form.Label>Description</Form.Label>
            <Form.Control value={description} maxLength={500} onChange={(e) => setDescription(e.target.value)} isInvalid={!!errors.description} />
            <Form.Control.Feedback type="invalid">{errors.description}</Form.Control.Feedback>
          </Form.Group>
          <Form.Check type="switch" id="config-enabled" label="Enabled" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

interface EditorProps {
  type: EditableType;
  text: string;
  flag: boolean;
  editingSecret: boolean;
  error: string | null | undefined;
  onText: (text: string) => void;
  onFlag: (flag: boolean) => void;
}

/** The value control for a type. */
function ValueEditor({ type, text, flag, editingSecret, error, onText, onFlag }: EditorProps) {
  if (type === 'boolean') {
    return (
      <Form.Group className="mb-3" controlId="config-value">
        <Form.Label className="d-block">Value</Form.Label>
        <Form.Check
          type="switch"
          id="config-value"
          label={flag ? 'true' : 'false'}
          aria-label="Value"
          checked={flag}
          onChange={(e) => onFlag(e.target.checked)}
        />
      </Form.Group>
    );
  }
  const common = { value: text, isInvalid: !!error, onChange: (e: { target: { value: string } }) => onText(e.target.value) };
  return (
    <Form.Group className="mb-3" controlId="config-value">
      <Form.Label>Value</Form.Label>
      {type === 'json' ? (
        <Form.Control as="textarea" rows={8} className="font-monospace" spellCheck={false} aria-describedby="config-value-help" {...common} />
      ) : type === 'number' ? (
        <Form.Control type="number" step="any" {...common} />
      ) : type === 'secret' ? (
        <Form.Control
          type="password"
          autoComplete="new-password"
          maxLength={10_000}
          placeholder={editingSecret ? 'Leave empty to keep the stored secret' : ''}
          {...common}
        />
      ) : (
        <Form.Control as="textarea" rows={2} maxLength={10_000} {...common} />
      )}
      <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
      {type === 'json' && !error && text.trim() !== '' && (
        <Form.Text id="config-value-help" className="text-success-emphasis">
          Valid JSON
        </Form.Text>
      )}
      {type === 'secret' && <Form.Text>Stored encrypted; never shown again, not even to administrators.</Form.Text>}
    </Form.Group>
  );
}
