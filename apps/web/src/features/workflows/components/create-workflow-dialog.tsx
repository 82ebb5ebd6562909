import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Row from 'react-bootstrap/Row';
import { createWorkflowSchema, DEFAULT_WORKFLOW_CATEGORY, type WorkflowDetail } from '@admin-portal/contract/workflows/api';
import { maxLengthOf } from '@admin-portal/contract/input-rules';
import { ApiError } from '../../../shared/api/api-result.ts';
import { fieldErrorMap, withoutError } from '../../../shared/forms/field-errors.ts';
import { notify } from '../../../shared/notifications/notifications-store.ts';
import { TOAST_TITLES } from '../../../shared/notifications/toast-titles.ts';
import { useCreateWorkflow, useWorkflowTemplates } from '../api/workflows-api.ts';
import { checkCreateWorkflow, type CreateWorkflowValues } from '../lib/create-workflow.ts';
import { categoryOptions } from '../lib/workflow-display.ts';
import { TemplateGallery } from './template-gallery.tsx';

interface Props {
  show: boolean;
  onClose: () => void;
  /** After the server created it (the page then opens it in the builder). */
  onCreated: (workflow: WorkflowDetail) => void;
}

const EMPTY: CreateWorkflowValues = { name: '', description: '', category: '', template_id: null };
/** Fields the form shows errors on; anything else goes to the alert at the top. */
const FIELDS = ['name', 'description', 'category', 'template_id'] as const;

/** Focuses the name once the dialog has fully opened. */
const focusName = (dialog: HTMLElement) => dialog.querySelector<HTMLElement>('#workflow-name')?.focus();

/**
 * "New workflow": a name (required), description and category, and where to start: blank or a copy of a template.
 * The contract's schema checks the form first, so the browser says what the server would; the server's own field
 * errors then land on their fields.
 */
export function CreateWorkflowDialog({ show, onClose, onCreated }: Props) {
  const create = useCreateWorkflow();
  const templates = useWorkflowTemplates();
  const [values, setValues] = useState<CreateWorkflowValues>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const template = templates.data?.items.find((t) => t.id === values.template_id);

  const change = <K extends keyof CreateWorkflowValues>(key: K, value: CreateWorkflowValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => withoutError(e, key));
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const checked = checkCreateWorkflow(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    try {
      const created = await create.mutateAsync(checked.value);
      notify({ type: 'success', title: TOAST_TITLES.workflowCreated, message: `“${created.name}” has been created as a draft.` });
      onCreated(created);
    } catch (err) {
      const fields = err instanceof ApiError ? fieldErrorMap(err.validationErrors) : {};
      setErrors(fields);
      if (!Object.keys(fields).some((f) => (FIELDS as readonly string[]).includes(f))) setFailure(err instanceof Error ? err.message : String(err));
    }
  }

  const titleId = 'create-workflow-title';
  const field = (name: 'name' | 'description' | 'category') => ({
    isInvalid: !!errors[name],
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `workflow-${name}-error` : undefined,
  });
  return (
    <Modal show={show} onHide={onClose} onEntered={focusName} aria-labelledby={titleId} centered size="lg" scrollable>
      <Form noValidate onSubmit={(e) => void onSubmit(e)} className="d-flex flex-column overflow-hidden">
        <Modal.Header closeButton>
          <Modal.Title id={titleId} as="h2" className="h5">
            New workflow
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {failure && (
            <Alert variant="danger" dismissible onClose={() => setFailure(null)}>
              {failure}
            </Alert>
          )}
          <Row className="g-3 mb-3">
            <Col md={7}>
              <Form.Group controlId="workflow-name">
                <Form.Label>Name</Form.Label>
                <Form.Control
                  value={values.name}
                  onChange={(e) => change('name', e.target.value)}
                  maxLength={maxLengthOf(createWorkflowSchema.shape.name)}
                  autoComplete="off"
                  {...field('name')}
                />
                <Form.Control.Feedback type="invalid" id="workflow-name-error">
                  {errors.name}
                </Form.Control.Feedback>
              </Form.Group>
            </Col>
            <Col md={5}>
              <Form.Group controlId="workflow-category">
                <Form.Label>
                  Category <span className="text-body-secondary fw-normal">(optional)</span>
                </Form.Label>
                <Form.Control
                  value={values.category}
                  onChange={(e) => change('category', e.target.value)}
                  placeholder={template?.category ?? DEFAULT_WORKFLOW_CATEGORY}
                  list="workflow-category-options"
                  maxLength={maxLengthOf(createWorkflowSchema.shape.category)}
                  autoComplete="off"
                  {...field('category')}
                />
                <datalist id="workflow-category-options">
                  {categoryOptions(templates.data?.items).map((c) => (
                    <option key={c} value={c} />
                  ))}
                </datalist>
                <Form.Control.Feedback type="invalid" id="workflow-category-error">
                  {errors.category}
                </Form.Control.Feedback>
              </Form.Group>
            </Col>
            <Col xs={12}>
              <Form.Group controlId="workflow-description">
                <Form.Label>
                  Description <span className="text-body-secondary fw-normal">(optional)</span>
                </Form.Label>
                <Form.Control
                  as="textarea"
                  rows={2}
                  value={values.description}
                  onChange={(e) => change('description', e.target.value)}
                  placeholder={template ? 'The template’s description' : undefined}
                  maxLength={maxLengthOf(createWorkflowSchema.shape.description)}
                  {...field('description')}
                />
                <Form.Control.Feedback type="invalid" id="workflow-description-error">
                  {errors.description}
                </Form.Control.Feedback>
              </Form.Group>
            </Col>
          </Row>
          <TemplateGallery
            templates={templates.data?.items}
            loading={templates.isPending}
            error={templates.isError ? templates.error.message : null}
            onRetry={() => void templates.refetch()}
            selected={values.template_id}
            onSelect={(id) => change('template_id', id)}
            invalid={errors.template_id}
          />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={create.isPending}>
            {create.isPending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
            Create workflow
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
