import { useRef, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { createApiKeySchema, ENVIRONMENTS } from '@admin-portal/contract/tools/api';
import { maxLengthOf } from '@admin-portal/contract/input-rules';
import { ApiError } from '../../../shared/api/api-result.ts';
import { fieldErrorMap, withoutError } from '../../../shared/forms/field-errors.ts';
import { notify } from '../../../shared/notifications/notifications-store.ts';
import { TOAST_TITLES } from '../../../shared/notifications/toast-titles.ts';
import { useCreateApiKey, type CreatedApiKey } from '../api/tool-activity-api.ts';
import {
  checkApiKeyForm,
  EMPTY_API_KEY_FORM,
  ENVIRONMENT_LABELS,
  environmentLabel,
  mcpClientConfig,
  SCOPE_LABELS,
  toggleScope,
  type ApiKeyFormValues,
  type ApiKeyScope,
} from '../lib/mcp-access.ts';
import { CopyButton } from '../../../shared/ui/copy-button.tsx';

interface Props {
  show: boolean;
  /** The MCP endpoint, to offer a client configuration with the new key filled in. */
  mcpUrl: string | null;
  onClose: () => void;
}

const SCOPES = Object.keys(SCOPE_LABELS) as ApiKeyScope[];
const FIELDS = ['name', 'scopes', 'environment'];

const SCOPE_HELP: Readonly<Record<ApiKeyScope, string>> = {
  mcp: 'List and call approved tools at the MCP endpoint',
  intake: 'Submit applications through the intake API',
};

/**
 * "Create API key": a name, its scopes and environment. The server's answer is the only time the whole key exists
 * outside a hash, so the dialog then shows it once, with a copy button and a plain warning.
 */
export function CreateApiKeyDialog({ show, mcpUrl, onClose }: Props) {
  const create = useCreateApiKey();
  const [values, setValues] = useState<ApiKeyFormValues>(EMPTY_API_KEY_FORM);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const keyField = useRef<HTMLInputElement>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const checked = checkApiKeyForm(values);
    if (!checked.ok) {
      setErrors(checked.errors as Record<string, string>);
      return;
    }
    try {
      const key = await create.mutateAsync(checked.value);
      setCreated(key);
      notify({ type: 'success', title: TOAST_TITLES.apiKeyCreated, message: `“${key.name}” is ready: copy it from the dialog now.` });
    } catch (err) {
      const fields = err instanceof ApiError ? fieldErrorMap(err.validationErrors) : {};
      setErrors(fields);
      if (!Object.keys(fields).some((f) => FIELDS.includes(f.split('.')[0]!))) setFailure(err instanceof Error ? err.message : String(err));
    }
  }

  const titleId = 'create-api-key-title';
  const nameError = errors.name;
  const scopesError = errors.scopes ?? Object.entries(errors).find(([k]) => k.startsWith('scopes.'))?.[1];

  if (created) {
    return (
      <Modal show={show} onHide={onClose} aria-labelledby={titleId} centered size="lg" backdrop="static" onEntered={() => keyField.current?.focus()}>
        <Modal.Header closeButton>
          <Modal.Title id={titleId} as="h2" className="h5">
            API key created
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Alert variant="warning" className="mb-3">
            <strong>Copy this key now: it won’t be shown again.</strong> Only its first characters stay visible in the list. If it is lost, revoke it and create
            another.
          </Alert>
          <Form.Group controlId="created-api-key" className="mb-3">
            <Form.Label className="fw-semibold">{created.name}</Form.Label>
            <div className="d-flex flex-wrap align-items-center gap-2">
              <Form.Control
                ref={keyField}
                readOnly
                value={created.key}
                className="font-monospace api-key-secret"
                aria-describedby="created-api-key-help"
                onFocus={(e) => e.currentTarget.select()}
              />
              <CopyButton text={created.key} what="API key" target={() => keyField.current} variant="primary" />
            </div>
            <Form.Text id="created-api-key-help">
              {created.scopes.map((s) => SCOPE_LABELS[s as ApiKeyScope] ?? s).join(' and ')} · {environmentLabel(created.environment)} configuration
            </Form.Text>
          </Form.Group>
          {mcpUrl && created.scopes.includes('mcp') && (
            <div className="small text-body-secondary d-flex flex-wrap align-items-center gap-2">
              <span>Or copy a client configuration with this key filled in:</span>
              <CopyButton text={mcpClientConfig(mcpUrl, created.key)} what="client configuration with this key" />
            </div>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose}>
            Done
          </Button>
        </Modal.Footer>
      </Modal>
    );
  }

  return (
    <Modal
      show={show}
      onHide={onClose}
      aria-labelledby={titleId}
      centered
      onEntered={(d: HTMLElement) => d.querySelector<HTMLElement>('#api-key-name')?.focus()}
    >
      <Form noValidate onSubmit={(e) => void onSubmit(e)}>
        <Modal.Header closeButton>
          <Modal.Title id={titleId} as="h2" className="h5">
            Create API key
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {failure && (
            <Alert variant="danger" dismissible onClose={() => setFailure(null)}>
              {failure}
            </Alert>
          )}
          <Form.Group controlId="api-key-name" className="mb-3">
            <Form.Label>Name</Form.Label>
            <Form.Control
              value={values.name}
              onChange={(e) => {
                setValues((v) => ({ ...v, name: e.target.value }));
                setErrors((x) => withoutError(x, 'name'));
              }}
              placeholder="e.g. Support assistant"
              maxLength={maxLengthOf(createApiKeySchema.shape.name)}
              autoComplete="off"
              isInvalid={!!nameError}
              aria-invalid={nameError ? true : undefined}
              aria-describedby={nameError ? 'api-key-name-error' : 'api-key-name-help'}
            />
            {nameError ? (
              <Form.Control.Feedback type="invalid" id="api-key-name-error">
                {nameError}
              </Form.Control.Feedback>
            ) : (
              <Form.Text id="api-key-name-help">Who or what uses it, to tell keys apart.</Form.Text>
            )}
          </Form.Group>

          <fieldset className="mb-3" aria-describedby={scopesError ? 'api-key-scopes-error' : undefined}>
            <legend className="form-label fs-6 mb-1">Scopes</legend>
            {SCOPES.map((scope) => (
              <Form.Check
                key={scope}
                id={`api-key-scope-${scope}`}
                type="checkbox"
                label={
                  <>
                    {SCOPE_LABELS[scope]} <span className="text-body-secondary small">({SCOPE_HELP[scope]})</span>
                  </>
                }
                checked={values.scopes.includes(scope)}
                isInvalid={!!scopesError}
                onChange={(e) => {
                  setValues((v) => ({ ...v, scopes: toggleScope(v.scopes, scope, e.target.checked) }));
                  setErrors((x) => withoutError(x, 'scopes'));
                }}
              />
            ))}
            {scopesError && (
              <div className="invalid-feedback d-block" id="api-key-scopes-error">
                {scopesError}
              </div>
            )}
          </fieldset>

          <Form.Group controlId="api-key-environment">
            <Form.Label>Environment</Form.Label>
            <Form.Select
              value={values.environment}
              onChange={(e) => setValues((v) => ({ ...v, environment: e.target.value as ApiKeyFormValues['environment'] }))}
              aria-describedby="api-key-environment-help"
            >
              {ENVIRONMENTS.map((env) => (
                <option key={env} value={env}>
                  {ENVIRONMENT_LABELS[env]}
                </option>
              ))}
            </Form.Select>
            <Form.Text id="api-key-environment-help">Calls made with this key use each tool’s configuration for this environment.</Form.Text>
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={create.isPending}>
            {create.isPending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
            Create key
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
