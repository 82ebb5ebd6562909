import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import type { Organization } from '@admin-portal/contract/organizations';
import { maxLengthOf } from '@admin-portal/contract/input-rules';
import { createOrganizationSchema } from '@admin-portal/contract/organizations';
import { ApiError } from '../../../shared/api/api-result.ts';
import { fieldErrorMap, withoutError } from '../../../shared/forms/field-errors.ts';
import { notify } from '../../../shared/notifications/notifications-store.ts';
import { TOAST_TITLES } from '../../../shared/notifications/toast-titles.ts';
import { useSaveOrganization, type OrganizationInput } from '../api/save-organization.ts';

interface Props {
  show: boolean;
  /** null: create a new one. */
  organization: Organization | null;
  onClose: () => void;
}

const EMPTY: OrganizationInput = { name: '', description: '', is_active: true };

/** Create or edit an organization's name, description and status; the server's field errors appear on their fields. */
export function OrganizationFormDialog({ show, organization, onClose }: Props) {
  const save = useSaveOrganization();
  // Mounted afresh for each opening (the page keys it), so the form starts from the organization's values.
  const [values, setValues] = useState<OrganizationInput>(() =>
    organization ? { name: organization.name, description: organization.description, is_active: organization.is_active } : EMPTY,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const editing = organization !== null;

  const change = <K extends keyof OrganizationInput>(key: K, value: OrganizationInput[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => withoutError(e, key));
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!values.name.trim()) {
      setErrors({ name: 'Organization name is required' });
      return;
    }
    setFailure(null);
    try {
      const saved = await save.mutateAsync({
        id: organization?.id ?? null,
        input: { ...values, name: values.name.trim(), description: values.description.trim() },
      });
      notify({
        type: 'success',
        title: editing ? TOAST_TITLES.organizationUpdated : TOAST_TITLES.organizationCreated,
        message: editing ? `“${saved.name}” has been updated.` : `“${saved.name}” has been created.`,
      });
      onClose();
    } catch (err) {
      const fields = err instanceof ApiError ? fieldErrorMap(err.validationErrors) : {};
      setErrors(fields);
      const shownOnAField = Object.keys(fields).some((f) => f === 'name' || f === 'description' || f === 'is_active');
      if (!shownOnAField) setFailure(err instanceof Error ? err.message : String(err));
    }
  }

  const titleId = 'organization-form-title';
  return (
    <Modal show={show} onHide={onClose} aria-labelledby={titleId} centered>
      <Form noValidate onSubmit={onSubmit}>
        <Modal.Header closeButton>
          <Modal.Title id={titleId} as="h2" className="h5">
            {editing ? `Edit ${organization.name}` : 'New organization'}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {failure && (
            <Alert variant="danger" dismissible onClose={() => setFailure(null)}>
              {failure}
            </Alert>
          )}
          <Form.Group className="mb-3" controlId="organization-name">
            <Form.Label>Name</Form.Label>
            <Form.Control
              value={values.name}
              onChange={(e) => change('name', e.target.value)}
              isInvalid={!!errors.name}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? 'organization-name-error' : undefined}
              maxLength={maxLengthOf(createOrganizationSchema.shape.name)}
              autoFocus
              autoComplete="off"
            />
            <Form.Control.Feedback type="invalid" id="organization-name-error">
              {errors.name}
            </Form.Control.Feedback>
          </Form.Group>
          <Form.Group className="mb-3" controlId="organization-description">
            <Form.Label>
              Description <span className="text-body-secondary fw-normal">(optional)</span>
            </Form.Label>
            <Form.Control
              as="textarea"
              rows={3}
              value={values.description}
              onChange={(e) => change('description', e.target.value)}
              isInvalid={!!errors.description}
              aria-invalid={errors.description ? true : undefined}
              maxLength={maxLengthOf(createOrganizationSchema.shape.description)}
            />
            <Form.Control.Feedback type="invalid">{errors.description}</Form.Control.Feedback>
          </Form.Group>
          <Form.Check
            type="switch"
            id="organization-active"
            label="Active"
            checked={values.is_active}
            onChange={(e) => change('is_active', e.target.checked)}
            isInvalid={!!errors.is_active}
            feedback={errors.is_active}
            feedbackType="invalid"
          />
          <Form.Text>Inactive organizations stay in the list with their users and settings.</Form.Text>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={save.isPending}>
            {save.isPending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
            {editing ? 'Save changes' : 'Create organization'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
