import { useEffect, useRef, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import type { Tool } from '@admin-portal/contract/tools/api';
import { ApiError } from '../../../../shared/api/api-result.ts';
import { fieldErrorMap } from '../../../../shared/forms/field-errors.ts';
import { notify } from '../../../../shared/notifications/notifications-store.ts';
import { TOAST_TITLES } from '../../../../shared/notifications/toast-titles.ts';
import { useCreateTool, useToolTemplates, useToolTypes } from '../../api/tools-api.ts';
import { unplacedErrors } from '../../lib/registry/errors.ts';
import { checkToolForm, formFromTemplate, formFromType, type ToolFormErrors, type ToolFormValues } from '../../lib/registry/tool-form.ts';
import { focusFirstInvalid } from './focus-invalid.ts';
import { choiceKey, StartGallery, type StartChoice } from './start-gallery.tsx';
import { isDefinitionField, ToolDefinitionFields } from './tool-definition-fields.tsx';

interface Props {
  show: boolean;
  onClose: () => void;
  /** After the server registered it (the page then opens it). */
  onCreated: (tool: Tool) => void;
}

type Step = 'start' | 'details';
const TITLE_ID = 'register-tool-title';

/**
 * "Register tool", in two steps: where to start (a template, or a type's defaults), then the definition: MCP name,
 * description, the type's settings, the input and output schemas. The contract's rules check it first, so the
 * browser says what the server would; the server's own field errors then land on their fields. A new tool is a
 * draft: it is configured, tested and submitted for approval from its detail panel.
 */
export function RegisterToolDialog({ show, onClose, onCreated }: Props) {
  const create = useCreateTool();
  const types = useToolTypes();
  const templates = useToolTemplates();
  const [step, setStep] = useState<Step>('start');
  const [choice, setChoice] = useState<StartChoice | null>({ kind: 'blank', type: 'http_request' });
  /** The choice the values below were filled from (going back and choosing the same keeps what was typed). */
  const [filledFrom, setFilledFrom] = useState<string | null>(null);
  const [values, setValues] = useState<ToolFormValues | null>(null);
  const [errors, setErrors] = useState<ToolFormErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<string[] | null>(null);
  const detailsForm = useRef<HTMLFormElement>(null);

  // Each step starts where the person acts: the chosen card, or the name.
  const visited = useRef(false);
  useEffect(() => {
    if (step === 'details') {
      visited.current = true;
      document.getElementById('register-tool-name')?.focus();
    } else if (visited.current) {
      document.querySelector<HTMLElement>('input[name="tool-start"]:checked')?.focus();
    }
  }, [step]);

  function next(event: FormEvent) {
    event.preventDefault();
    if (!choice) return;
    const key = choiceKey(choice);
    if (key !== filledFrom || !values) {
      let start: ToolFormValues | null = null;
      if (choice.kind === 'template') {
        const template = templates.data?.items.find((t) => t.key === choice.key);
        if (template) start = formFromTemplate(template);
      } else {
        const type = types.data?.items.find((t) => t.type === choice.type);
        if (type) start = formFromType(type);
      }
      if (!start) return;
      setValues(start);
      setErrors({});
      setSubmitted(false);
      setFailure(null);
      setFilledFrom(key);
    }
    setStep('details');
  }

  async function register(event: FormEvent) {
    event.preventDefault();
    if (!values) return;
    setFailure(null);
    setSubmitted(true);
    const checked = checkToolForm(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      focusFirstInvalid(detailsForm.current);
      return;
    }
    try {
      const tool = await create.mutateAsync(checked.body);
      notify({
        type: 'success',
        title: TOAST_TITLES.toolRegistered,
        message: `“${tool.name}” is a draft: configure its environments, test it, then submit it for approval.`,
      });
      onCreated(tool);
    } catch (err) {
      const fields = err instanceof ApiError ? fieldErrorMap(err.validationErrors) : {};
      setErrors(fields);
      const rest = unplacedErrors(fields, isDefinitionField);
      if (Object.keys(fields).length === 0) setFailure([err instanceof Error ? err.message : String(err)]);
      else if (rest.length > 0) setFailure(rest);
      focusFirstInvalid(detailsForm.current);
    }
  }

  const onEntered = (dialog: HTMLElement) => dialog.querySelector<HTMLElement>('input[name="tool-start"]:checked')?.focus();

  return (
    <Modal show={show} onHide={onClose} onEntered={onEntered} aria-labelledby={TITLE_ID} centered size="xl" scrollable>
      {step === 'start' ? (
        <Form noValidate onSubmit={next} className="d-flex flex-column overflow-hidden">
          <Modal.Header closeButton>
            <Modal.Title id={TITLE_ID} as="h2" className="h5">
              Register tool <span className="text-body-secondary fw-normal fs-6">· step 1 of 2</span>
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            {types.isError && (
              <Alert variant="danger" className="d-flex align-items-center justify-content-between gap-3">
                <span>Tool types could not be loaded: {types.error.message}</span>
                <Button variant="outline-danger" size="sm" onClick={() => void types.refetch()}>
                  Retry
                </Button>
              </Alert>
            )}
            <StartGallery
              types={types.data?.items}
              templates={templates.data?.items}
              loading={types.isPending || templates.isPending}
              error={templates.isError ? templates.error.message : null}
              onRetry={() => void templates.refetch()}
              selected={choice}
              onSelect={setChoice}
            />
          </Modal.Body>
          <Modal.Footer>
            <Button variant="outline-secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" variant="primary" disabled={!choice || !types.data}>
              Next
            </Button>
          </Modal.Footer>
        </Form>
      ) : (
        <Form
          ref={detailsForm}
          noValidate
          onSubmit={(e) => void register(e)}
          className="d-flex flex-column overflow-hidden"
          aria-describedby={failure ? 'register-tool-failure' : undefined}
        >
          <Modal.Header closeButton>
            <Modal.Title id={TITLE_ID} as="h2" className="h5">
              Register tool <span className="text-body-secondary fw-normal fs-6">· step 2 of 2</span>
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            {failure && (
              <Alert variant="danger" id="register-tool-failure" dismissible onClose={() => setFailure(null)}>
                {failure.length === 1 ? (
                  failure[0]
                ) : (
                  <ul className="mb-0">
                    {failure.map((f) => (
                      <li key={f}>{f}</li>
                    ))}
                  </ul>
                )}
              </Alert>
            )}
            {values && (
              <ToolDefinitionFields
                idPrefix="register-tool"
                values={values}
                errors={errors}
                types={types.data?.items}
                typeEditable={false}
                showErrors={submitted}
                onChange={(v, e) => {
                  setValues(v);
                  setErrors(e);
                }}
              />
            )}
          </Modal.Body>
          <Modal.Footer>
            <Button variant="outline-secondary" className="me-auto" onClick={() => setStep('start')}>
              Back
            </Button>
            <Button variant="outline-secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" variant="primary" disabled={create.isPending}>
              {create.isPending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
              Register tool
            </Button>
          </Modal.Footer>
        </Form>
      )}
    </Modal>
  );
}
