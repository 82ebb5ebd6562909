import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import type { WorkflowGraph } from '@admin-portal/contract/workflows/graph';
import { createWorkflowTemplateSchema } from '@admin-portal/contract/workflows/api';
import { maxLengthOf } from '@admin-portal/contract/input-rules';
import { ApiError } from '../../../shared/api/api-result.ts';
import { fieldErrorMap, withoutError } from '../../../shared/forms/field-errors.ts';
import { notify } from '../../../shared/notifications/notifications-store.ts';
import { TOAST_TITLES } from '../../../shared/notifications/toast-titles.ts';
import { useCreateWorkflowTemplate } from '../api/workflows-api.ts';

interface Props {
  show: boolean;
  initialName: string;
  initialDescription: string;
  initialCategory: string;
  graph: () => WorkflowGraph;
  onHide: () => void;
}

/** Saves the canvas as it is now as an organization template, for new workflows to start from. */
export function SaveTemplateDialog({ show, initialName, initialDescription, initialCategory, graph, onHide }: Props) {
  const [name, setName] = useState(initialName);
  const [description, setDescription] = useState(initialDescription);
  const [category, setCategory] = useState(initialCategory);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateWorkflowTemplate();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { name, description, category, graph: graph() };
    const parsed = createWorkflowTemplateSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrorMap(parsed.error.issues.map((i) => ({ field: i.path.map(String).join('.'), message: i.message }))));
      return;
    }
    try {
      const template = await create.mutateAsync(parsed.data);
      notify({ type: 'success', title: TOAST_TITLES.templateSaved, message: `"${template.name}" is in your organization's templates.` });
      onHide();
    } catch (error) {
      if (error instanceof ApiError && error.validationErrors.length > 0) setErrors(fieldErrorMap(error.validationErrors));
      notify({ type: 'error', title: TOAST_TITLES.templateNotSaved, message: error instanceof Error ? error.message : 'The template could not be saved' });
    }
  };

  return (
    <Modal show={show} onHide={onHide} centered aria-labelledby="save-template-title">
      <Form noValidate onSubmit={(e) => void submit(e)}>
        <Modal.Header closeButton>
          <Modal.Title id="save-template-title">Save as template</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="small text-body-secondary">
            The steps and connections on the canvas now become a template your organization can start new workflows from.
          </p>
          <Form.Group className="mb-3" controlId="template-name">
            <Form.Label>Template name</Form.Label>
            <Form.Control
              value={name}
              maxLength={maxLengthOf(createWorkflowTemplateSchema.shape.name)}
              isInvalid={Boolean(errors.name)}
              onChange={(e) => {
                setName(e.target.value);
                setErrors((x) => withoutError(x, 'name'));
              }}
            />
            <Form.Control.Feedback type="invalid">{errors.name}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group className="mb-3" controlId="template-description">
            <Form.Label>Description</Form.Label>
            <Form.Control
              as="textarea"
              rows={2}
              value={description}
              maxLength={maxLengthOf(createWorkflowTemplateSchema.shape.description)}
              onChange={(e) => setDescription(e.target.value)}
            />
          </Form.Group>
          <Form.Group controlId="template-category">
            <Form.Label>Category</Form.Label>
            <Form.Control
              value={category}
              maxLength={maxLengthOf(createWorkflowTemplateSchema.shape.category)}
              isInvalid={Boolean(errors.category)}
              onChange={(e) => {
                setCategory(e.target.value);
                setErrors((x) => withoutError(x, 'category'));
              }}
            />
            <Form.Control.Feedback type="invalid">{errors.category}</Form.Control.Feedback>
          </Form.Group>
          {errors.graph && <div className="text-danger small mt-2">{errors.graph}</div>}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onHide}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={create.isPending}>
            {create.isPending ? 'Saving…' : 'Save template'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
