import { useRef, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { maxLengthOf } from '@admin-portal/contract/input-rules';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES } from '@admin-portal/contract/webhook-texts';
import { createWebhookSchema, type Webhook } from '@admin-portal/contract/webhooks';
import { ApiError } from '../../../shared/api/api-result.ts';
import { notify } from '../../../shared/notifications/notifications-store.ts';
import { TOAST_TITLES } from '../../../shared/notifications/toast-titles.ts';
import { useCreateWebhook, useUpdateWebhook, type WebhookWithSecret } from '../api/webhooks-api.ts';
import {
  changesOf,
  checkWebhookForm,
  formErrorsOf,
  formValuesOf,
  toggleAllEvents,
  toggleEvent,
  type WebhookFormErrors,
  type WebhookFormField,
  type WebhookFormValues,
} from '../lib/webhook-form.ts';
import { shortUrl } from '../lib/webhook-display.ts';
import { SigningSecret } from './signing-secret.tsx';

interface Props {
  show: boolean;
  /** null: add a new one. */
  webhook: Webhook | null;
  onClose: () => void;
}

const TITLE_ID = 'webhook-form-title';
const URL_MAX = maxLengthOf(createWebhookSchema.shape.url);
const DESCRIPTION_MAX = maxLengthOf(createWebhookSchema.shape.description);

/**
 * "Add a webhook" or "Edit": the endpoint's URL, a description and the events it gets. The contract's schema checks
 * the form before sending and the server's field errors show on their fields. A new subscription's answer holds its
 * signing secret: the dialog then shows it, once, with a copy button and how to verify a request with it.
 */
export function WebhookFormDialog({ show, webhook, onClose }: Props) {
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  // Mounted afresh for each opening (the page keys it), so the form starts from the subscription's values.
  const [values, setValues] = useState<WebhookFormValues>(() => formValuesOf(webhook));
  const [errors, setErrors] = useState<WebhookFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState<WebhookWithSecret | null>(null);
  const secretField = useRef<HTMLInputElement>(null);
  const editing = webhook !== null;
  const pending = create.isPending || update.isPending;

  const change = <K extends WebhookFormField>(key: K, value: WebhookFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _, ...rest }) => rest);
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const checked = checkWebhookForm(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    try {
      if (webhook) {
        const body = changesOf(webhook, checked.value);
        if (body) {
          await update.mutateAsync({ id: webhook.id, body });
          notify({ type: 'success', title: TOAST_TITLES.webhookUpdated, message: `The webhook to ${shortUrl(checked.value.url)} has been saved.` });
        }
        onClose();
        return;
      }
      const made = await create.mutateAsync(checked.value);
      setCreated(made);
      notify({ type: 'success', title: TOAST_TITLES.webhookAdded, message: 'Copy its signing secret from the dialog now.' });
    } catch (err) {
      const fields = err instanceof ApiError ? formErrorsOf(err.validationErrors) : {};
      setErrors(fields);
      if (Object.keys(fields).length === 0) setFailure(err instanceof Error ? err.message : String(err));
    }
  }

  if (created) {
    return (
      <Modal show={show} onHide={onClose} aria-labelledby={TITLE_ID} centered size="lg" backdrop="static" onEntered={() => secretField.current?.focus()}>
        <Modal.Header closeButton>
          <Modal.Title id={TITLE_ID} as="h2" className="h5">
            Webhook added
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="mb-3">
            Events now go to <code className="text-body text-break">{created.url}</code>.
          </p>
          <SigningSecret secret={created.secret} inputRef={secretField} />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose}>
            Done
          </Button>
        </Modal.Footer>
      </Modal>
    );
  }

  const allChosen = values.event_types.length === WEBHOOK_EVENT_TYPES.length;
  return (
    <Modal
      show={show}
      onHide={onClose}
      aria-labelledby={TITLE_ID}
      centered
      size="lg"
      onEntered={(d: HTMLElement) => d.querySelector<HTMLElement>('#webhook-url')?.focus()}
    >
      <Form noValidate onSubmit={(e) => void onSubmit(e)}>
        <Modal.Header closeButton>
          <Modal.Title id={TITLE_ID} as="h2" className="h5">
            {editing ? 'Edit webhook' : 'Add a webhook'}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {failure && (
            <Alert variant="danger" dismissible onClose={() => setFailure(null)}>
              {failure}
            </Alert>
          )}
          <Form.Group controlId="webhook-url" className="mb-3">
            <Form.Label>Endpoint URL</Form.Label>
            <Form.Control
              type="url"
              inputMode="url"
              value={values.url}
              onChange={(e) => change('url', e.target.value)}
              placeholder="https://crm.example.com/hooks/portal"
              maxLength={URL_MAX}
              autoComplete="off"
              spellCheck={false}
              className="font-monospace"
              isInvalid={!!errors.url}
              aria-invalid={errors.url ? true : undefined}
              aria-describedby={errors.url ? 'webhook-url-error webhook-url-help' : 'webhook-url-help'}
            />
            <Form.Control.Feedback type="invalid" id="webhook-url-error">
              {errors.url}
            </Form.Control.Feedback>
            <Form.Text id="webhook-url-help">
              Where each event is sent, as a POST with a JSON body. An https:// address that anyone on the internet can reach; private and local addresses are
              refused unless the server allows them.
            </Form.Text>
          </Form.Group>

          <Form.Group controlId="webhook-description" className="mb-3">
            <Form.Label>
              Description <span className="text-body-secondary fw-normal">(optional)</span>
            </Form.Label>
            <Form.Control
              value={values.description}
              onChange={(e) => change('description', e.target.value)}
              placeholder="e.g. CRM: new customers"
              maxLength={DESCRIPTION_MAX}
              autoComplete="off"
              isInvalid={!!errors.description}
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={errors.description ? 'webhook-description-error' : undefined}
            />
            <Form.Control.Feedback type="invalid" id="webhook-description-error">
              {errors.description}
            </Form.Control.Feedback>
          </Form.Group>

          <fieldset aria-describedby={errors.event_types ? 'webhook-events-error' : 'webhook-events-help'}>
            <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2">
              <legend className="form-label fs-6 mb-1 w-auto">Events to send</legend>
              <Button variant="link" size="sm" className="p-0 text-decoration-none" onClick={() => change('event_types', toggleAllEvents(values.event_types))}>
                {allChosen ? 'Clear all' : 'Select all'}
              </Button>
            </div>
            <p id="webhook-events-help" className="small text-body-secondary mb-2">
              Each delivery’s body is <code>{'{"type", "timestamp", "data"}'}</code>, its <code>type</code> the name shown beside each event.
            </p>
            <div className="webhook-event-list">
              {WEBHOOK_EVENT_TYPES.map((type) => (
                <Form.Check
                  key={type}
                  id={`webhook-event-${type}`}
                  type="checkbox"
                  label={
                    <>
                      {WEBHOOK_EVENT_LABELS[type]} <code className="small text-body-secondary">{type}</code>
                    </>
                  }
                  checked={values.event_types.includes(type)}
                  isInvalid={!!errors.event_types}
                  onChange={(e) => change('event_types', toggleEvent(values.event_types, type, e.target.checked))}
                />
              ))}
            </div>
            {errors.event_types && (
              <div className="invalid-feedback d-block" id="webhook-events-error">
                {errors.event_types}
              </div>
            )}
          </fieldset>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={pending}>
            {pending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
            {editing ? 'Save changes' : 'Add webhook'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
